import Foundation

/// The "How to test" front matter and checklists kept under headings as one copy-ready
/// checklist, for pasting into stories and test plans (the Gherkin text is `GherkinText`'s).
struct AcceptanceCriteria {
    let checklist: String

    /// Nil when the entry has nothing to check. `sections` are the page's acceptance criteria
    /// kept under headings ("## Condensed").
    init?(title: String, matter: FrontMatter, sections: [AcceptanceSection] = []) {
        // Written as bytes (lines joined by line breaks, a blank line after each table), then
        // trimmed: appending to a `String` piece by piece cost ten times more.
        var checklist: [UInt8] = []
        checklist.reserveCapacity(1024)
        // One piece at a time: variadic helpers made an array for every line.
        func check(_ text: String) {
            checklist.append(contentsOf: text.utf8)
        }
        for section in sections where section.kind == .checklist {
            let text = section.text
            guard !text.isEmpty else { continue }
            check(section.heading); check("\n"); check(text); check("\n\n")
        }
        for entry in matter.entries {
            guard let spec = TestingTables.all.first(where: { $0.key == entry.key }) else { continue }
            let rows = TestingTables.rows(entry.value)
            guard !rows.isEmpty else { continue }
            check(spec.caption); check("\n")
            for (key, value) in rows {
                check("- [ ] ")
                if !key.isEmpty { check(key); check(": ") }
                check(value); check("\n")
            }
            check("\n")
        }
        for group in matter.criteriaGroups where !group.checks.isEmpty {
            check("Criteria – "); check(group.name); check("\n")
            for item in group.checks {
                check("- [ ] "); check(item.text); check("\n")
            }
            check("\n")
        }
        guard !checklist.isEmpty else { return nil }
        self.checklist = Self.trimmedText(checklist)
    }

    /// The bytes as text without leading and trailing white space, made into a `String` once:
    /// ASCII white space is cut from the bytes; a non-ASCII scalar left at either end (which may
    /// be white space, such as a no-break space) goes through `trimmingWhitespace`.
    static func trimmedText(_ bytes: [UInt8]) -> String {
        var start = 0, end = bytes.count
        while start < end, isWhiteByte(bytes[start]) { start += 1 }
        while end > start, isWhiteByte(bytes[end - 1]) { end -= 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        if start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 { return text.trimmingWhitespace() }
        return text
    }

    /// "Focus moves" → "focus moves", but names keep their capitals: a first word with another
    /// capital ("VoiceOver says", "NVDA reads") or none at its start ("iOS").
    static func lowercasedFirst(_ text: String) -> String {
        // The usual value, over its bytes: trimmed, on one line, a first word in ASCII.
        var bytesOf = text
        let quick: String?? = bytesOf.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first < 0x80, !isWhiteByte(first), last < 0x80, !isWhiteByte(last),
                  memchr(bytes.baseAddress!, 10, bytes.count) == nil else { return .none }
            let isCapital = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            var end = 0
            while end < bytes.count, bytes[end] != UInt8(ascii: " ") {
                if bytes[end] >= 0x80 { return .none }
                end += 1
            }
            guard isCapital(first), !bytes[1..<end].contains(where: isCapital) else { return .some(nil) }
            return .some(String(unsafeUninitializedCapacity: bytes.count) { output in
                _ = output.initialize(from: bytes)
                output[0] |= 0x20
                return bytes.count
            })
        }
        switch quick {
        case .some(.some(let lowered)): return lowered
        case .some(.none): return text
        case .none: break
        }
        // Table values come trimmed and on one line: only others are cleaned up.
        let utf8 = text.utf8
        let clean = utf8.first.map { $0 < 0x80 && !Self.isWhiteByte($0) } == true && utf8.last.map { $0 < 0x80 && !Self.isWhiteByte($0) } == true
            && !utf8.contains(UInt8(ascii: "\n"))
        let trimmed = clean ? text : text.trimmingWhitespace().replacingBytes("\n", with: " ")
        // An ASCII first word, the usual case, without Unicode character properties.
        let word = trimmed.utf8.prefix { $0 != UInt8(ascii: " ") }
        guard let first = word.first, !word.contains(where: { $0 >= 0x80 }) else { return lowercasedFirstCharacter(trimmed) }
        let isCapital = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        guard isCapital(first), !word.dropFirst().contains(where: isCapital) else { return trimmed }
        var bytes = Array(trimmed.utf8)
        bytes[0] |= 0x20
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isWhiteByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
    }

    /// `lowercasedFirst` by characters, for a first word with other than ASCII.
    static func lowercasedFirstCharacter(_ trimmed: String) -> String {
        guard let first = trimmed.first, first.isUppercase else { return trimmed }
        guard !trimmed.dropFirst().prefix(while: { $0 != " " }).contains(where: \.isUppercase) else { return trimmed }
        return first.lowercased() + trimmed.dropFirst()
    }
}
