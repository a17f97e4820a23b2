import Foundation

/// A success criterion found in running text.
public struct CriterionMention: Sendable, Hashable {
    /// Where the mention is in the text.
    public var range: Range<String.Index>
    /// The number as written ("1.4.3"); may be unknown to WCAG 2.2 ("1.4.99").
    public var number: String
    /// The criterion, when the number is a WCAG 2.2 criterion.
    public var criterion: SuccessCriterion? { WCAG22.byNumber[number] }
}

/// Finds references to WCAG success criteria in the shapes authors write them: front matter
/// values, links to W3C pages, and text ("SC 1.4.3", "Success Criterion 2.4.7", "WCAG 1.4.10
/// Reflow", "1.3.1: Info and Relationships"). Version numbers ("WCAG 2.2", "iOS 17.1.2",
/// "1.3.1.2", "Android 14") are not criteria.
public enum CriteriaDetector {
    /// "SC 1.4.3", "Success Criterion 2.4.7", "WCAG 1.4.10", "WCAG 2.2 SC 1.4.3", "S.C. 1.4.3".
    private static let prefixed = try! NSRegularExpression(
        pattern: #"(?<![\w.])(?:success\s+criteri(?:on|a)|s\.?c\.?|wcag(?:\s*2(?:\.[0-2])?)?(?:\s+(?:sc|success\s+criterion))?)\s*:?\s*([1-4]\.\d{1,2}\.\d{1,2})(?!\d|\.\d)"#,
        options: [.caseInsensitive]
    )
    /// A criterion number on its own: three parts, first 1 to 4, not part of a longer number.
    private static let bare = try! NSRegularExpression(pattern: #"(?<![\w.])([1-4]\.\d{1,2}\.\d{1,2})(?!\d|\.\d|\w)"#)
    /// Any three-part number at the start of a front matter value, known or not ("1.4.99").
    private static let loose = try! NSRegularExpression(pattern: #"^(?:sc\s*)?(\d+\.\d+\.\d+)"#, options: .caseInsensitive)
    /// Text between a number and the criterion's name: ":", "-", "–", "—" and spaces.
    private static let separators = CharacterSet(charactersIn: ":-–— \t")

    /// Mentions in a run of text. `atBlockStart` is true for the first text of a heading or of a
    /// list item, where "1.3.1: anything" is a reference even without the criterion's name.
    public static func mentions(in text: String, atBlockStart: Bool = false) -> [CriterionMention] {
        // A number alone (a link's text, say) is neither prefixed nor followed by a name.
        guard Self.mayHoldNumber(text), !isBareNumber(text) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        var found: [CriterionMention] = []
        for match in prefixed.matches(in: text, range: whole) {
            guard let range = Range(match.range, in: text), let number = Range(match.range(at: 1), in: text) else { continue }
            found.append(CriterionMention(range: range, number: String(text[number])))
        }
        // Both lists are in text order, so overlaps are found by walking them side by side
        // (a text with 100,000 mentions stays linear).
        let prefixedRanges = found.map(\.range)
        var next = 0
        for match in bare.matches(in: text, range: whole) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            while next < prefixedRanges.count, prefixedRanges[next].upperBound <= range.lowerBound { next += 1 }
            if next < prefixedRanges.count, prefixedRanges[next].overlaps(range) { continue }
            let number = String(text[range])
            let rest = text[range.upperBound...]
            let afterSeparators = rest.drop { $0.unicodeScalars.allSatisfy(separators.contains) }
            if let criterion = WCAG22.byNumber[number],
               afterSeparators.prefix(criterion.name.count).lowercased() == criterion.name.lowercased() {
                let end = text.index(afterSeparators.startIndex, offsetBy: criterion.name.count)
                found.append(CriterionMention(range: range.lowerBound..<end, number: number))
            } else if atBlockStart, range.lowerBound == text.startIndex,
                      rest.first == ":" || (WCAG22.byNumber[number] != nil && rest.first == " ") {
                found.append(CriterionMention(range: range, number: number))
            }
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Whether the text has a digit 1 to 4, a dot, one or two digits, a dot and a digit, which
    /// every criterion number starts with: most runs of text have none ("WCAG 2.2" and "iOS
    /// 17.1" neither) and skip the regular expressions.
    static func mayHoldNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(mayHoldNumber)
    }

    /// `mayHoldNumber` over UTF-8 bytes.
    @Sendable
    static func mayHoldNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 5, let base = bytes.baseAddress else { return false }
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func isDot(_ at: Int) -> Bool { at < bytes.count && bytes[at] == UInt8(ascii: ".") }
        // From dot to dot (memchr): running text has a few.
        var index = 1
        while index < bytes.count - 1, let found = memchr(base + index, Int32(UInt8(ascii: ".")), bytes.count - 1 - index) {
            let dot = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            let digit = bytes[dot - 1]
            index = dot + 1
            guard digit >= 0x31, digit <= 0x34 else { continue }
            // Past ASCII, a byte may start a digit of another script (the expressions' `\d`).
            if (dot + 1..<min(bytes.count, dot + 5)).contains(where: { bytes[$0] >= 0x80 }) { return true }
            if isDigit(dot + 1), (isDot(dot + 2) && isDigit(dot + 3)) || (isDigit(dot + 2) && isDot(dot + 3) && isDigit(dot + 4)) {
                return true
            }
        }
        return false
    }

    /// The criterion a W3C address names, if it names exactly one: Understanding pages of WCAG
    /// 2.0, 2.1 and 2.2, anchors in the recommendations, and Quick Reference anchors, on w3.org
    /// and in W3C's authorized translations (`w3.org/Translations/WCAG21-fr/`, WAIC's Japanese
    /// ones at `waic.jp`), which keep the English anchors and file names.
    public static func criterion(inURL url: String) -> SuccessCriterion? {
        // Over the lowercased bytes: Foundation's `range(of:)` bridged every link of every page.
        let ascii = url.utf8.allSatisfy { $0 < 0x80 }
        let bytes = ascii ? url.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } : Array(url.lowercased().utf8)
        func find(_ pattern: String, before end: Int) -> Int? {
            var pattern = pattern
            return bytes.withUnsafeBufferPointer { buffer in
                pattern.withUTF8 { byteOffset(of: $0, in: UnsafeBufferPointer(rebasing: buffer[..<end]), from: 0) }
            }
        }
        guard find("w3.org/", before: bytes.count) != nil || find("waic.jp/", before: bytes.count) != nil else { return nil }
        var pathEnd = bytes.count
        var fragment: ArraySlice<UInt8> = []
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = bytes[(hash + 1)...]
            pathEnd = hash
        }
        if let query = bytes[..<pathEnd].firstIndex(of: UInt8(ascii: "?")) { pathEnd = query }
        let understanding = find("/understanding/", before: pathEnd).map { $0 + "/understanding/".utf8.count }
            ?? find("/understanding-wcag20/", before: pathEnd).map { $0 + "/understanding-wcag20/".utf8.count }
        if let start = understanding {
            var slug = bytes[start..<pathEnd]
            if slug.count >= 5, slug.suffix(5).elementsEqual(".html".utf8) { slug = slug.dropLast(5) }
            let first = slug.split(separator: UInt8(ascii: "/")).first ?? []
            return WCAG22.bySlug[String(decoding: first, as: UTF8.self)]
        }
        if find("/tr/wcag", before: pathEnd) != nil || find("/quickref", before: pathEnd) != nil
            || find("/translations/wcag", before: pathEnd) != nil || find("/docs/wcag20/", before: pathEnd) != nil {
            return fragment.isEmpty ? nil : WCAG22.bySlug[String(decoding: fragment, as: UTF8.self)]
        }
        return nil
    }

    /// The criteria a W3C address names: the one of `criterion(inURL:)`, else, for a page of W3C's
    /// Techniques (`/WAI/WCAG21/Techniques/html/H44`, `/TR/WCAG20-TECHS/H44.html`), the criteria
    /// the technique is listed under, but the obsolete 4.1.1 (H88 serves it and 4.1.2).
    public static func criteria(inURL url: String) -> [SuccessCriterion] {
        // Most links are a site's own: an ASCII address naming neither W3C nor WAIC is told
        // from its bytes, without lowering it twice.
        if url.utf8.allSatisfy({ $0 < 0x80 }), !mayNameW3C(url) { return [] }
        return criteriaByLowering(inURL: url)
    }

    /// `criteria(inURL:)` for any address, lowered.
    static func criteriaByLowering(inURL url: String) -> [SuccessCriterion] {
        if let criterion = criterion(inURL: url) { return [criterion] }
        guard let id = techniqueID(inURL: url) else { return [] }
        return Techniques.criteria(of: id).compactMap { WCAG22.byNumber[$0] }.filter { !$0.obsolete }
    }

    /// Whether an ASCII address holds `w3.org/` or `waic.jp/` in any case.
    static func mayNameW3C(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            func holds(_ pattern: StaticString, at start: Int) -> Bool {
                guard start + pattern.utf8CodeUnitCount <= bytes.count else { return false }
                for offset in 0..<pattern.utf8CodeUnitCount {
                    let byte = bytes[start + offset]
                    let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    guard lowered == pattern.utf8Start[offset] else { return false }
                }
                return true
            }
            for (position, byte) in bytes.enumerated() where byte | 0x20 == UInt8(ascii: "w") {
                if holds("w3.org/", at: position) || holds("waic.jp/", at: position) { return true }
            }
            return false
        }
    }

    /// The technique id a W3C Techniques address ends in, uppercased ("H44"), or nil.
    static func techniqueID(inURL url: String) -> String? {
        let lowered = url.lowercased()
        guard lowered.contains("w3.org/") || lowered.contains("waic.jp/") else { return nil }
        let path = lowered.prefix { $0 != "#" && $0 != "?" }
        guard path.contains("/techniques/") || path.contains("wcag20-techs") else { return nil }
        guard var last = path.split(separator: "/").last.map(String.init) else { return nil }
        if last.hasSuffix(".html") { last.removeLast(5) }
        guard last.count <= 8, last.first?.isLetter == true, last.last?.isNumber == true else { return nil }
        return last.uppercased()
    }

    /// Whether the text is a criterion number and nothing else: first part 1 to 4, the others
    /// one or two digits ("1.4.3", "2.4.11").
    static func isBareNumber(_ text: String) -> Bool {
        // One pass over the bytes: the dots seen and the digits since the last one.
        var dots = 0, digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits >= 1, digits <= 2, dots < 2 else { return false }
                dots += 1
                digits = 0
            } else if byte >= 0x30, byte <= 0x39 {
                if dots == 0 && (digits > 0 || byte < 0x31 || byte > 0x34) { return false }
                digits += 1
            } else {
                return false
            }
        }
        return dots == 2 && digits >= 1 && digits <= 2
    }

    /// A front matter reference: "1.4.3", "1.4.3 Contrast (Minimum)", "SC 1.4.3", or a name alone.
    /// Returns the number found (known or not), or nil when the text names no criterion.
    public static func number(inReference text: String) -> String? {
        let trimmed = text.trimmingSpaces()
        // Most references are a number alone, which is what the expressions would find.
        if isBareNumber(trimmed) { return trimmed }
        let whole = NSRange(trimmed.startIndex..., in: trimmed)
        if let match = bare.firstMatch(in: trimmed, range: whole) ?? prefixed.firstMatch(in: trimmed, range: whole),
           let range = Range(match.range(at: 1), in: trimmed) {
            return String(trimmed[range])
        }
        if let match = loose.firstMatch(in: trimmed, range: whole), let range = Range(match.range(at: 1), in: trimmed) {
            return String(trimmed[range])
        }
        return WCAG22.byName[trimmed.lowercased()]?.number
    }
}
