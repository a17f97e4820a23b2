/// WCAG 2.2's technique ids (`H44`, `ARIA14`, `G131`, `F65`) as guideline text writes them,
/// and their pages in W3C's Techniques. Each family's highest number keeps words that only look
/// like ids out (`F1` to `F24` are function keys before they are failures).
public enum Techniques {
    /// A family: its id prefix, its folder in W3C's Techniques, and the numbers it has.
    struct Family {
        var prefix: String
        var folder: String
        var numbers: ClosedRange<Int>
    }

    static let families: [Family] = [
        Family(prefix: "ARIA", folder: "aria", numbers: 1...24),
        Family(prefix: "SCR", folder: "client-side-script", numbers: 1...39),
        Family(prefix: "SVR", folder: "server-side-script", numbers: 1...5),
        Family(prefix: "PDF", folder: "pdf", numbers: 1...23),
        Family(prefix: "SM", folder: "smil", numbers: 1...14),
        Family(prefix: "C", folder: "css", numbers: 6...45),
        Family(prefix: "F", folder: "failures", numbers: 25...112),
        Family(prefix: "G", folder: "general", numbers: 1...229),
        Family(prefix: "H", folder: "html", numbers: 2...101),
        Family(prefix: "T", folder: "text", numbers: 1...3),
    ]

    /// The address of a technique's page, or nil when `id` is not a technique's.
    public static func url(of id: String) -> String? {
        guard let family = family(of: id) else { return nil }
        return "https://www.w3.org/WAI/WCAG22/Techniques/\(family.folder)/\(id)"
    }

    private static func family(of id: String) -> Family? {
        for family in families where id.hasPrefix(family.prefix) {
            let digits = id.dropFirst(family.prefix.count)
            guard !digits.isEmpty, digits.first != "0", digits.allSatisfy(\.isASCII), let number = Int(digits) else { continue }
            return family.numbers.contains(number) ? family : nil
        }
        return nil
    }

    /// Whether text may hold an id: an uppercase ASCII letter followed by a digit.
    static func mayHoldID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in 1..<bytes.count where bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            if bytes[index - 1] >= 0x41 && bytes[index - 1] <= 0x5A { return true }
        }
        return false
    }

    /// The ids in `text` that stand alone as words, with their ranges.
    static func mentions(in text: String) -> [(range: Range<String.Index>, id: String, url: String)] {
        var found: [(Range<String.Index>, String, String)] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character.isASCII, character.isUppercase else { index = text.index(after: index); continue }
            let before = index > text.startIndex ? text[text.index(before: index)] : " "
            var end = index
            while end < text.endIndex, text[end].isASCII, text[end].isUppercase { end = text.index(after: end) }
            while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end) }
            let after = end < text.endIndex ? text[end] : " "
            let word = String(text[index..<end])
            if !before.isLetter, !before.isNumber, !after.isLetter, !after.isNumber, after != "-", before != "-", let url = url(of: word) {
                found.append((index..<end, word, url))
            }
            index = end > index ? end : text.index(after: index)
        }
        return found
    }
}
