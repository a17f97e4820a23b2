/// A JavaScript value written as plain data in a configuration (`sidebar: [{ text: 'Guide', … }]`):
/// objects, arrays, strings (quoted or in backticks without `${}`), numbers, `true`, `false`,
/// `null`, comments and trailing commas. Anything computed (a variable, a call, a spread) is no
/// plain data: nil, as a static build runs no JavaScript. Objects keep their keys' order, which a
/// navigation's order is.
enum ScriptLiteral {
    /// The value written after the first match of `pattern` (a regular expression ending where
    /// the value starts), with its keys at their lines in `script`; nil when there is none or it
    /// is not plain data.
    static func value(after pattern: String, in script: String) -> FrontValue? {
        guard let range = script.range(of: pattern, options: .regularExpression) else { return nil }
        var reader = Reader(bytes: Array(script.utf8), position: script.utf8.distance(from: script.utf8.startIndex, to: range.upperBound))
        reader.line = script[..<range.upperBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return reader.value()
    }

    private struct Reader {
        let bytes: [UInt8]
        var position: Int
        var line = 1

        mutating func value() -> FrontValue? {
            skipSpace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"): return string().map(FrontValue.text)
            default:
                let word = identifier()
                switch word {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null", "undefined": return .null
                default: return Double(word) != nil ? .text(word) : nil
                }
            }
        }

        private mutating func object() -> FrontValue? {
            position += 1
            var entries: [FrontEntry] = []
            while true {
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .map(entries)
                }
                let keyLine = line
                let quoted = [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[position])
                guard let key = quoted ? string() : Optional(identifier()), !key.isEmpty else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let value = value() else { return nil }
                entries.append(FrontEntry(key: key, value: value, line: keyLine, column: 1))
                guard separator(closing: "}") else { return nil }
            }
        }

        private mutating func array() -> FrontValue? {
            position += 1
            var items: [FrontValue] = []
            while true {
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .list(items)
                }
                guard let item = value() else { return nil }
                items.append(item)
                guard separator(closing: "]") else { return nil }
            }
        }

        /// After a member: a comma, or the closing bracket (left for the caller).
        private mutating func separator(closing: Unicode.Scalar) -> Bool {
            skipSpace()
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                return true
            }
            return bytes[position] == UInt8(ascii: closing)
        }

        private mutating func string() -> String? {
            let quote = bytes[position]
            position += 1
            var text: [UInt8] = []
            while position < bytes.count, bytes[position] != quote {
                var byte = bytes[position]
                if byte == UInt8(ascii: "\n") { line += 1 }
                // (A template's `${}` is computed.)
                let computed = position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "{")
                if quote == UInt8(ascii: "`"), byte == UInt8(ascii: "$"), computed { return nil }
                if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
                    position += 1
                    byte = bytes[position]
                    if byte == UInt8(ascii: "n") { byte = UInt8(ascii: "\n") }
                }
                text.append(byte)
                position += 1
            }
            guard position < bytes.count else { return nil }
            position += 1
            return String(decoding: text, as: UTF8.self)
        }

        private mutating func identifier() -> String {
            let start = position
            while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// A byte of a name or a number: letters, digits, `_`, `$`, `-`, `.` and UTF-8's.
        private static func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "_$-.".utf8.contains(byte)
        }

        /// White space and comments.
        private mutating func skipSpace() {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    position += 1
                } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                        position += 1
                    }
                    position += 2
                } else {
                    return
                }
            }
        }
    }
}
