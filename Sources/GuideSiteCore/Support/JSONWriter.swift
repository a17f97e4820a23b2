/// Writes JSON with sorted keys and two-space indentation: deterministic, and much faster than
/// Foundation's JSONSerialization on Linux. Values are String, Int, Double, Bool, arrays and
/// `[String: Any]` dictionaries.
enum JSONWriter {
    static func string(_ value: Any) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        output += "\n"
        return output
    }

    /// `value` written as it would appear at `indent` inside a larger document, without the
    /// final line break: parts of one document can be written on every core and joined.
    static func fragment(_ value: Any, indent: Int) -> Fragment {
        var output = ""
        write(value, indent: indent, into: &output)
        return Fragment(text: output)
    }

    /// `value` without any white space, for files downloaded whole.
    static func compact(_ value: Any) -> String {
        var output = ""
        write(value, indent: nil, into: &output)
        return output
    }

    /// `compact` for a part of a larger compact document.
    static func compactFragment(_ value: Any) -> Fragment {
        Fragment(text: compact(value))
    }

    /// JSON written beforehand, inserted as it is.
    struct Fragment: Sendable {
        let text: String
    }

    private static let indents = (0..<24).map { String(repeating: "  ", count: $0) }

    static func indentation(_ level: Int) -> String {
        level < indents.count ? indents[level] : String(repeating: "  ", count: level)
    }

    /// `indent` nil writes compact JSON.
    private static func write(_ value: Any, indent: Int?, into output: inout String) {
        write(JSONValue(value), indent: indent, into: &output)
    }

    static func quote(_ text: String, into output: inout String) {
        output += "\""
        // Most strings need no escape: checked over bytes (0xE2 starts U+2028 and U+2029).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
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
        var output = ""
        write(value, indent: indent, into: &output)
        return Fragment(text: output)
    }

    /// `value` without white space, as `compactFragment(_:)`.
    static func compactFragment(_ value: JSONValue) -> Fragment {
        var output = ""
        write(value, indent: nil, into: &output)
        return Fragment(text: output)
    }

    static func write(_ value: JSONValue, indent: Int?, into output: inout String) {
        switch value {
        case .string(let text):
            quote(text, into: &output)
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .int(let number):
            output += String(number)
        case .double(let number):
            output += number.isFinite ? String(number) : "null"
        case .fragment(let fragment):
            output += fragment.text
        case .null:
            output += "null"
        case .object(let pairs):
            guard !pairs.isEmpty else { output += "{}"; return }
            let sorted = pairs.sorted { $0.key < $1.key }
            guard let indent else {
                output += "{"
                for (position, pair) in sorted.enumerated() {
                    if position > 0 { output += "," }
                    quote(pair.key, into: &output)
                    output += ":"
                    write(pair.value, indent: nil, into: &output)
                }
                output += "}"
                return
            }
            output += "{\n"
            for (position, pair) in sorted.enumerated() {
                output += indentation(indent + 1)
                quote(pair.key, into: &output)
                output += ": "
                write(pair.value, indent: indent + 1, into: &output)
                output += position + 1 < sorted.count ? ",\n" : "\n"
            }
            output += indentation(indent) + "}"
        case .array(let list):
            guard !list.isEmpty else { output += "[]"; return }
            guard let indent else {
                output += "["
                for (position, item) in list.enumerated() {
                    if position > 0 { output += "," }
                    write(item, indent: nil, into: &output)
                }
                output += "]"
                return
            }
            output += "[\n"
            for (position, item) in list.enumerated() {
                output += indentation(indent + 1)
                write(item, indent: indent + 1, into: &output)
                output += position + 1 < list.count ? ",\n" : "\n"
            }
            output += indentation(indent) + "]"
        }
    }
}
