import Foundation

/// Writes JSON with sorted keys and two-space indentation: deterministic, and much faster than
/// Foundation's JSONSerialization on Linux. Values are String, Int, Double, Bool, arrays and
/// `[String: Any]` dictionaries. Written as UTF-8 bytes: appending to a `String` checks its
/// uniqueness, capacity and ASCII flag at every piece, and `criteria.json` has millions of pieces.
enum JSONWriter {
    static func string(_ value: Any) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    /// `value` with two-space indentation and a final line break, as bytes.
    static func data(_ value: Any) -> Data {
        var output: [UInt8] = []
        write(JSONValue(value), indent: 0, into: &output)
        output.append(10)
        return Data(output)
    }

    /// `value` written as it would appear at `indent` inside a larger document, without the
    /// final line break: parts of one document can be written on every core and joined.
    static func fragment(_ value: Any, indent: Int) -> Fragment {
        fragment(JSONValue(value), indent: indent)
    }

    /// `value` without any white space, for files downloaded whole.
    static func compact(_ value: Any) -> String {
        var output: [UInt8] = []
        write(JSONValue(value), indent: nil, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `compact` as bytes, with a final line break.
    static func compactData(_ value: Any) -> Data {
        Data(compactBytes(value))
    }

    /// `compactData` without the copy into `Data`.
    static func compactBytes(_ value: Any) -> [UInt8] {
        var output: [UInt8] = []
        write(JSONValue(value), indent: nil, into: &output)
        output.append(10)
        return output
    }

    /// `compact` for a part of a larger compact document.
    static func compactFragment(_ value: Any) -> Fragment {
        compactFragment(JSONValue(value))
    }

    /// JSON written beforehand, inserted as it is.
    struct Fragment: Sendable, Equatable {
        /// A slice, so that a fragment taken from a file read whole shares its bytes.
        let bytes: ArraySlice<UInt8>

        init(bytes: [UInt8]) {
            self.bytes = bytes[...]
        }

        init(slice: ArraySlice<UInt8>) {
            bytes = slice
        }

        init(text: String) {
            bytes = Array(text.utf8)[...]
        }
    }

    private static let indents = (0..<24).map { [UInt8](repeating: 32, count: 2 * $0) }

    static func indent(_ level: Int, into output: inout [UInt8]) {
        if level < indents.count {
            output.append(contentsOf: indents[level])
        } else {
            output.append(contentsOf: repeatElement(32, count: 2 * level))
        }
    }

    /// Whether a byte of `text` needs escaping (or may: 0xE2 starts U+2028 and U+2029), over
    /// the string's own storage.
    static func needsEscape(_ text: String) -> Bool {
        let check = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            guard let base = bytes.baseAddress else { return false }
            // Eight bytes at a time: a byte below 0x20, or one that XORed with `"`, `\` or 0xE2
            // is zero, sets its high bit in one of the tests (exact for whether any byte does).
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
            var index = 0
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let control = (word &- ones &* 0x20) & ~word & highs
                if control | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | zeroBytes(word ^ (ones &* 0xE2)) != 0 {
                    return true
                }
                index += 8
            }
            for byte in bytes[index...] where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return true }
            return false
        }
        return text.utf8.withContiguousStorageIfAvailable(check) ?? Array(text.utf8).withUnsafeBufferPointer(check)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func quote(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: checked over bytes (0xE2 starts U+2028 and U+2029).
        if !needsEscape(text) {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        // Over the UTF-8 bytes, runs without an escape copied whole: by Unicode scalar, each
        // other character became a String of its own (a third of the basket scripts' cost).
        var utf8 = text
        utf8.withUTF8 { bytes in
            var start = 0, index = 0
            // The bytes since the last escape, then `escape`, then on after `length` bytes.
            func replace(_ length: Int, with escape: UInt8...) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output.append(UInt8(ascii: "\\"))
                output.append(contentsOf: escape)
                index += length
                start = index
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): replace(1, with: byte)
                case 10: replace(1, with: UInt8(ascii: "n"))
                case 13: replace(1, with: UInt8(ascii: "r"))
                case 9: replace(1, with: UInt8(ascii: "t"))
                case 0..<0x20: replace(1, with: UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)])
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    replace(3, with: UInt8(ascii: "u"), 0x32, 0x30, 0x32, bytes[index + 2] == 0xA8 ? 0x38 : 0x39)
                default: index += 1
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// A JSON value with its types known, the one thing `JSONWriter` writes (keys sorted): built
/// directly, there is no dynamic cast per value (`criteria.json` and the search index are made
/// of tens of thousands of them); `Any` values are converted first.
enum JSONValue: Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case array([JSONValue])
    /// Keys in any order; they are written sorted.
    case object([(key: String, value: JSONValue)])
    case double(Double)
    /// JSON written beforehand, inserted as it is.
    case fragment(JSONWriter.Fragment)
    case null

    /// An `Any` value (String, Int, Double, Bool, fragments, arrays, `[String: Any]`); anything
    /// else is `null`.
    init(_ value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let json as JSONValue: self = json
        case let fragment as JSONWriter.Fragment: self = .fragment(fragment)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .int(number)
        case let number as Double: self = .double(number)
        case let map as [String: Any]: self = .object(map.map { ($0.key, JSONValue($0.value)) })
        case let list as [Any]: self = .array(list.map(JSONValue.init))
        default: self = .null
        }
    }

    /// `[String]` as a JSON array.
    static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }
    /// `[Int]` as a JSON array.
    static func ints(_ numbers: [Int]) -> JSONValue { .array(numbers.map(JSONValue.int)) }
}

extension JSONWriter {
    /// `value` written at `indent` inside a larger indented document, as `fragment(_:indent:)`.
    static func fragment(_ value: JSONValue, indent: Int) -> Fragment {
        var output: [UInt8] = []
        write(value, indent: indent, into: &output)
        return Fragment(bytes: output)
    }

    /// `value` without white space, as `compactFragment(_:)`.
    static func compactFragment(_ value: JSONValue) -> Fragment {
        var output: [UInt8] = []
        write(value, indent: nil, into: &output)
        return Fragment(bytes: output)
    }

    static func write(_ value: JSONValue, indent: Int?, into output: inout [UInt8]) {
        switch value {
        case .string(let text):
            quote(text, into: &output)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number):
            output.append(contentsOf: String(number).utf8)
        case .double(let number):
            output.append(contentsOf: (number.isFinite ? String(number) : "null").utf8)
        case .fragment(let fragment):
            output.append(contentsOf: fragment.bytes)
        case .null:
            output.append(contentsOf: "null".utf8)
        case .object(let pairs):
            guard !pairs.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            let sorted = pairs.sorted { $0.key < $1.key }
            guard let indent else {
                output.append(UInt8(ascii: "{"))
                for (position, pair) in sorted.enumerated() {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    quote(pair.key, into: &output)
                    output.append(UInt8(ascii: ":"))
                    write(pair.value, indent: nil, into: &output)
                }
                output.append(UInt8(ascii: "}"))
                return
            }
            output.append(contentsOf: "{\n".utf8)
            for (position, pair) in sorted.enumerated() {
                Self.indent(indent + 1, into: &output)
                quote(pair.key, into: &output)
                output.append(contentsOf: ": ".utf8)
                write(pair.value, indent: indent + 1, into: &output)
                output.append(contentsOf: (position + 1 < sorted.count ? ",\n" : "\n").utf8)
            }
            Self.indent(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        case .array(let list):
            guard !list.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            guard let indent else {
                output.append(UInt8(ascii: "["))
                for (position, item) in list.enumerated() {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    write(item, indent: nil, into: &output)
                }
                output.append(UInt8(ascii: "]"))
                return
            }
            output.append(contentsOf: "[\n".utf8)
            for (position, item) in list.enumerated() {
                Self.indent(indent + 1, into: &output)
                write(item, indent: indent + 1, into: &output)
                output.append(contentsOf: (position + 1 < list.count ? ",\n" : "\n").utf8)
            }
            Self.indent(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        }
    }
}
