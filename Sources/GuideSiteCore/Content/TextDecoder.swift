import Foundation

/// Turns a file's bytes into text GuideSite can parse: UTF-8 only, a BOM removed, CRLF and lone
/// CR line endings made LF (line numbers stay those of the file), control characters HTML
/// forbids replaced by U+FFFD with a warning (the output's links rely on it: `SiteRoot`).
public struct SourceTextDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// The text, or an error saying what is wrong with the bytes.
    public func decode(_ data: Data, path: String) -> Diagnosed<String?> {
        if data.isEmpty { return Diagnosed("") }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return Diagnosed(nil, [Diagnostic(.error, path, line: 1, column: 1, category: "encoding",
                                              "file is UTF-16; save it as UTF-8")])
        }
        // Over the raw bytes: indexing `Data` byte by byte goes through an exclusivity check
        // per byte, which made this a tenth of reading a large site.
        let scan = bytes.withUnsafeBytes { raw -> (nul: Int?, text: String?) in
            let buffer = raw.bindMemory(to: UInt8.self)
            if let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) {
                return (UnsafeRawPointer(found) - UnsafeRawPointer(base), nil)
            }
            return (nil, String(validating: buffer, as: UTF8.self))
        }
        if let offset = scan.nul {
            let nul = bytes.startIndex + offset
            let (line, column) = Self.position(of: nul, in: bytes)
            return Diagnosed(nil, [Diagnostic(.error, path, line: line, column: column, category: "encoding",
                                              "file contains a NUL byte and looks binary, not Markdown; rename it if it is not a page")])
        }
        guard var text = scan.text else {
            let offset = Self.firstInvalidUTF8(in: bytes)
            let (line, column) = Self.position(of: offset, in: bytes)
            return Diagnosed(nil, [Diagnostic(.error, path, line: line, column: column, category: "encoding",
                                              "file is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) here); re-save it as UTF-8")])
        }
        if text.containsByte(13) {
            text = text.replacingBytes("\r\n", with: "\n").replacingBytes("\r", with: "\n")
        }
        var diagnostics: [Diagnostic] = []
        if let offset = Self.firstControl(in: text) {
            let utf8 = Array(text.utf8)
            let line = utf8[..<offset].reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            let lineStart = utf8[..<offset].lastIndex(of: 10).map { $0 + 1 } ?? 0
            let column = String(decoding: utf8[lineStart..<offset], as: UTF8.self).count + 1
            let code = String(utf8[offset], radix: 16, uppercase: true)
            diagnostics.append(Diagnostic(.warning, path, line: line, column: column, category: "encoding",
                                          "control character U+\(String(repeating: "0", count: 4 - code.count))\(code) here (and any others) shown as \u{FFFD}, since HTML cannot hold it; delete it"))
            text = String(decoding: utf8.flatMap { Self.isControl($0) ? Array("\u{FFFD}".utf8) : [$0] }, as: UTF8.self)
        }
        return Diagnosed(text, diagnostics)
    }

    /// A C0 control other than tab, line feed, form feed and carriage return, or DEL.
    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 ? byte != 9 && byte != 10 && byte != 12 && byte != 13 : byte == 0x7F
    }

    /// Eight bytes at a time: a word with no byte below 0x20 and no DEL is passed whole (a
    /// byte at a time, this was half a percent of a full build).
    static func firstControl(in text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                // A high bit set where a byte may be below 0x20 or equal 0x7F (never missed;
                // a false alarm costs a look at those eight bytes).
                let below = (word &- ones &* 0x20) & ~word & highs
                let del = word ^ (ones &* 0x7F)
                let isDel = (del &- ones) & ~del & highs
                if below | isDel != 0, let found = bytes[offset..<offset + 8].firstIndex(where: isControl) { return found }
                offset += 8
            }
            return bytes[offset...].firstIndex(where: isControl)
        }
    }

    private static func position(of offset: Data.Index, in bytes: Data.SubSequence) -> (Int, Int) {
        var line = 1
        var lineStart = bytes.startIndex
        for index in bytes.startIndex..<offset where bytes[index] == 10 {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column)
    }

    private static func firstInvalidUTF8(in bytes: Data.SubSequence) -> Data.Index {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            let end = index + length
            guard end <= bytes.endIndex, String(validating: bytes[index..<end], as: UTF8.self) != nil else { return index }
            index = end
        }
        return bytes.startIndex
    }
}
