/// Escaping for text and attribute values that GuideSite writes itself.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`. Works on UTF-8 bytes, so a quote followed by a
    /// combining mark is escaped too (a comparison by `Character` would see one cluster and let
    /// the quote through), and text with nothing to escape is returned as it is.
    static func escape<S: StringProtocol>(_ text: S) -> String {
        var text = String(text)
        return text.withUTF8 { bytes -> String? in
            guard nextEscaped(in: bytes, from: 0) != nil else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + bytes.count / 8 + 8)
            escape(bytes, into: &result)
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    /// `escape(text)` appended to `output` as UTF-8 bytes, without making the escaped text.
    static func escape(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { escape($0, into: &output) }
    }

    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var copied = 0
        while let next = nextEscaped(in: bytes, from: copied) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<next]))
            switch bytes[next] {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            default: output.append(contentsOf: "&#39;".utf8)
            }
            copied = next + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }

    /// The offset of the first of `&`, `<`, `>`, `"` and `'` at or after `start`. Eight bytes
    /// are tested at a time (a byte equal to one of the five makes a zero byte in that word
    /// XOR the byte repeated); a byte at a time, this scan was 2% of a 10,000-entry build.
    static func nextEscaped(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let x = word ^ (ones &* UInt64(byte))
            return (x &- ones) & ~x & highs
        }
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // The lowest flagged byte of each test is exact (only bytes above a match can be
            // flagged falsely), so the lowest of all five is the first match.
            let found = zeroBytes(word, UInt8(ascii: "&")) | zeroBytes(word, UInt8(ascii: "<")) | zeroBytes(word, UInt8(ascii: ">"))
                | zeroBytes(word, UInt8(ascii: "\"")) | zeroBytes(word, UInt8(ascii: "'"))
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            if needsEscape(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
