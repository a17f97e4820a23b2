#if canImport(Glibc)
import Glibc
#endif

/// Substring tests over UTF-8 bytes with the C library's `memchr` and `memcmp`: on large files
/// they are many times faster than `String.contains`, which compares characters, or a loop
/// over `String.UTF8View`.
extension StringProtocol {
    /// Whether the UTF-8 bytes of `needle` occur in the text.
    func containsBytes(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { pattern -> Bool in
            guard pattern.count > 0 else { return true }
            return utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                byteOffset(of: pattern, in: bytes, from: 0) != nil
            } ?? String(self).containsBytes(String(decoding: pattern, as: UTF8.self))
        }
    }

    /// The range of the first occurrence of `needle`'s UTF-8 bytes, found with memchr and
    /// memcmp: Foundation's `range(of:)` bridges to `NSString` on every call. An ASCII needle's
    /// match starts and ends on character boundaries.
    func byteRange(of needle: StaticString) -> Range<Index>? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let found: Int?? = utf8.withContiguousStorageIfAvailable { byteOffset(of: pattern, in: $0, from: 0) }
        guard let offset = found ?? String(self).utf8.withContiguousStorageIfAvailable({ byteOffset(of: pattern, in: $0, from: 0) }) ?? nil else {
            return nil
        }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: pattern.count)
    }

    /// Whether the text contains the byte `byte`.
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? utf8.contains(byte)
    }
}

/// The offset of `pattern` (not empty) in `bytes` at or after `start`: `memchr` finds each
/// place of the pattern's rarest byte (`ByteRarity`), `memcmp` checks the whole. Anchored on a
/// first `<`, a search stopped at every tag of a page's HTML.
func byteOffset(of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, let needle = pattern.baseAddress, !pattern.isEmpty else { return nil }
    let last = bytes.count - pattern.count
    guard start <= last else { return nil }
    let anchor = ByteRarity.rarest(in: pattern)
    var index = max(start, 0) + anchor
    while index <= last + anchor {
        guard let hit = memchr(base + index, Int32(needle[anchor]), last + anchor - index + 1) else { return nil }
        let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base) - anchor
        if memcmp(base + offset, needle, pattern.count) == 0 { return offset }
        index = offset + anchor + 1
    }
    return nil
}

/// How rare each byte is in HTML and text, roughly: white space, tag punctuation and common
/// letters least, control bytes most.
enum ByteRarity {
    private static let ranks: [UInt8] = (0...255).map { value -> UInt8 in
        let byte = UInt8(value)
        if " <>\"=/\netaoinsrlhcdu".utf8.contains(byte) { return 0 }
        if byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || ".,-:;'0123456789".utf8.contains(byte) { return 1 }
        if byte >= 0x20 { return 2 }
        return 3
    }

    /// The position of the pattern's rarest byte (the first of the rarest).
    static func rarest(in pattern: UnsafeBufferPointer<UInt8>) -> Int {
        var best = 0
        for position in pattern.indices where ranks[Int(pattern[position])] > ranks[Int(pattern[best])] { best = position }
        return best
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text`, from its own storage when it has one.
    mutating func appendUTF8(of text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if done == nil { append(contentsOf: text.utf8) }
    }
}

extension String {
    /// The text's lines as substrings of it, cut at each line feed found with memchr.
    func lineSubstrings() -> [Substring] {
        var text = self
        let offsets: [Int] = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var found: [Int] = []
            var start = 0
            while start < bytes.count, let hit = memchr(base + start, 10, bytes.count - start) {
                let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                found.append(offset)
                start = offset + 1
            }
            return found
        }
        var lines: [Substring] = []
        lines.reserveCapacity(offsets.count + 1)
        var lower = text.utf8.startIndex
        for offset in offsets {
            let upper = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            lines.append(text[lower..<upper])
            lower = text.utf8.index(after: upper)
        }
        lines.append(text[lower...])
        return lines
    }
}
