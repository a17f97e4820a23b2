import Foundation

/// Gives headings stable ids: `## Name` is `name`, a second `## Name` is `name-1`; or by the
/// rules of the generator a library was written for, so that its links' anchors resolve.
struct HeadingIDGenerator {
    /// Whose rules make an id from a heading's text.
    enum Style: String, Sendable, Hashable, Codable {
        /// Letters and digits, runs of anything else between words one `-`.
        case guidesite
        /// Python-Markdown's `toc` (MkDocs): ASCII only, `_` kept, a second one `name_1`.
        case pythonMarkdown
        /// github-slugger (Docusaurus, VitePress, Starlight): punctuation dropped, each space a `-`.
        case github
    }

    var style = Style.guidesite
    private let reserved: Set<String>
    /// The ids given, searched in order while there are few (a page has a dozen headings):
    /// copying the reserved set into a set of used ids cost more than the page's lookups.
    private var given: [String] = []
    private var givenSet: Set<String> = []

    /// `reserved` holds ids the layout uses itself, so body headings never take them.
    init(reserved: Set<String> = []) {
        self.reserved = reserved
    }

    private func isTaken(_ id: String) -> Bool {
        if reserved.contains(id) { return true }
        return givenSet.isEmpty ? given.contains(id) : givenSet.contains(id)
    }

    /// `explicit`: the id the heading asks for (`## Keys {#keys}`), kept as written, else made
    /// from the text; either way one no other heading has.
    mutating func id(for text: String, explicit: String? = nil) -> String {
        let base = explicit ?? Self.slug(text, style: style)
        var candidate = base
        var counter = 0
        while isTaken(candidate) {
            counter += 1
            candidate = base + (style == .pythonMarkdown ? "_" : "-") + String(counter)
        }
        if !givenSet.isEmpty {
            givenSet.insert(candidate)
        } else if given.count < 32 {
            given.append(candidate)
        } else {
            givenSet = Set(given)
            givenSet.insert(candidate)
            given = []
        }
        return candidate
    }

    /// `text`'s id by `style`'s rules, before a repeated one is numbered.
    static func slug(_ text: String, style: Style) -> String {
        switch style {
        case .guidesite: return slug(text)
        case .pythonMarkdown:
            // slugify(): NFKD, ASCII only, `[^\w\s-]` dropped, lowercased, runs of `-` and spaces one `-`.
            let ascii = text.decomposedStringWithCompatibilityMapping.unicodeScalars.filter(\.isASCII)
            let kept = ascii.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_- \t".unicodeScalars.contains($0) }
            let words = String(String.UnicodeScalarView(kept)).lowercased().split { $0 == "-" || $0 == " " || $0 == "\t" }
            return words.joined(separator: "-")
        case .github:
            // github-slugger: lowercased, all but letters, marks, numbers, `-`, `_` and spaces dropped, each space a `-`.
            let kept = text.lowercased().unicodeScalars.filter { scalar in
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: return true
                default: return scalar.properties.isAlphabetic || scalar == "-" || scalar == "_" || scalar == " "
                }
            }
            let slug = String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
            return slug.isEmpty ? "section" : slug
        }
    }

    /// Lowercase letters and digits, words joined by `-`; punctuation dropped.
    static func slug(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(text) }
        var result = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else if character == " " || character == "-" || character == "_" || character.isWhitespace {
                pendingDash = true
            }
        }
        return result.isEmpty ? "section" : result
    }

    /// `slug` for ASCII text, over bytes: letters and digits kept (lowercased), runs of spaces,
    /// `-`, `_` and other white space made one `-`, everything else dropped.
    private static func asciiSlug(_ text: String) -> String {
        // Written straight into the new string: a dash stands for at least one byte dropped,
        // so the slug is never longer than the text.
        let slug = String(unsafeUninitializedCapacity: text.utf8.count) { result in
            var count = 0
            var pendingDash = false
            for byte in text.utf8 {
                let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
                if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                    if pendingDash, count > 0 {
                        result[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    pendingDash = false
                    result[count] = lower
                    count += 1
                } else if lower == 32 || lower == UInt8(ascii: "-") || lower == UInt8(ascii: "_") || (lower >= 9 && lower <= 13) {
                    pendingDash = true
                }
            }
            return count
        }
        return slug.isEmpty ? "section" : slug
    }
}
