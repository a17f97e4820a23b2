/// Escaping for text and attribute values that GuideSite writes itself.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`.
    static func escape<S: StringProtocol>(_ text: S) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
