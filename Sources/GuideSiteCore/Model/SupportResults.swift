import Foundation

/// `support:` in an entry's front matter: what it was tested with and how that went.
///
/// ```yaml
/// support:
///   - at: VoiceOver        # or technology:
///     version: "17.4"
///     platform: iOS
///     browser: Safari
///     result: supported    # supported, partial, not supported, not tested
///     date: 2026-03-01
///     notes: Announces the value after each swipe.
///     video: picker-voiceover.mp4
/// ```
enum SupportResults {
    /// The assistive technologies GuideSite knows, by their usual names.
    static let technologies = [
        "VoiceOver", "TalkBack", "NVDA", "JAWS", "Narrator", "Orca", "ChromeVox", "Voice Control", "Voice Access",
        "Dragon", "Switch Control", "Switch Access", "ZoomText", "Windows Magnifier", "Zoom", "Magnification",
    ]
    /// Common spellings: lower-cased, without spaces and hyphens.
    static let aliases: [String: String] = {
        var aliases = Dictionary(uniqueKeysWithValues: technologies.map { (fold($0), $0) })
        for (alias, name) in [("vo", "VoiceOver"), ("tb", "TalkBack"), ("androidtalkback", "TalkBack"), ("nvaccessnvda", "NVDA"),
                              ("jawsforwindows", "JAWS"), ("windowsnarrator", "Narrator"), ("dragonnaturallyspeaking", "Dragon"),
                              ("dragonprofessional", "Dragon"), ("magnifier", "Windows Magnifier"), ("voicecontrolios", "Voice Control"),
                              ("iosvoicecontrol", "Voice Control"), ("androidvoiceaccess", "Voice Access"), ("iozoom", "Zoom")] {
            aliases[alias] = name
        }
        return aliases
    }()
    /// Put beside a translation's `support:` taken from its source: the language of its notes.
    static let languageKey = "support-language"
    static let keys = ["at", "technology", "version", "platform", "browser", "result", "date", "notes", "video"]

    static func fold(_ name: String) -> String {
        name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
    }

    /// The rows of `value` (the `support:` value), each problem a warning at its line: the row
    /// stays, with what could be read.
    static func read(_ value: FrontValue, entry: FrontEntry, path: String) -> Diagnosed<[SupportResult]> {
        var diagnostics: [Diagnostic] = []
        func warn(_ line: Int, _ column: Int, _ message: String) {
            diagnostics.append(Diagnostic(.warning, path, line: line, column: column, category: "support", message))
        }
        guard case .list(let items) = value else {
            warn(entry.line, entry.column, "`support:` should be a list of tests, each `- at: VoiceOver` with `result:` and `date:`")
            return Diagnosed([], diagnostics)
        }
        var rows: [SupportResult] = []
        for item in items {
            guard case .map(let fields) = item else {
                warn(entry.line, entry.column, "each test under `support:` should be a map such as `- at: VoiceOver`, `result: supported`; `\(item.text ?? item.kindName)` is left out")
                continue
            }
            var row = SupportResult(technology: "")
            for field in fields {
                let text = field.value.text?.trimmingCharacters(in: .whitespaces)
                switch field.key {
                case "at", "technology":
                    guard let name = text, !name.isEmpty else { warn(field.line, field.column, "`\(field.key):` should name the assistive technology, such as `VoiceOver`"); continue }
                    if let known = aliases[fold(name)] {
                        row.technology = known
                    } else {
                        row.technology = name
                        warn(field.line, field.column, "`\(name)` is not an assistive technology GuideSite knows, so it is shown as written; the known ones are "
                             + technologies.joined(separator: ", ") + "." + Suggestion.didYouMean(name, in: technologies))
                    }
                case "result":
                    if let text, let outcome = SupportResult.Outcome(rawValue: text.lowercased()) {
                        row.outcome = outcome
                    } else {
                        warn(field.line, field.column, "`result: \(text ?? field.value.kindName)` is not a result; use supported, partial, not supported or not tested."
                             + Suggestion.didYouMean(text ?? "", in: SupportResult.Outcome.allCases.map(\.rawValue)))
                    }
                case "date":
                    if let text, isDate(text) { row.date = text } else {
                        warn(field.line, field.column, "`date: \(text ?? field.value.kindName)` is not a date; write the day tested as `2026-03-01` (or the month, `2026-03`)")
                    }
                case "version": row.version = text
                case "platform": row.platform = text
                case "browser": row.browser = text
                case "notes": row.notes = text
                case "video": row.video = text
                default:
                    warn(field.line, field.column, "`\(field.key)` is not a field of a test and is left out; the fields are \(keys.joined(separator: ", ")).\(Suggestion.didYouMean(field.key, in: keys))")
                }
            }
            if row.technology.isEmpty {
                warn(fields.first?.line ?? entry.line, fields.first?.column ?? entry.column, "a test under `support:` has no `at:` naming the assistive technology, so it is left out")
                continue
            }
            if row.outcome == nil, !fields.contains(where: { $0.key == "result" }) {
                warn(fields.first?.line ?? entry.line, fields.first?.column ?? entry.column, "the test with \(row.technology) has no `result:`; add supported, partial, not supported or not tested")
            }
            rows.append(row)
        }
        return Diagnosed(rows, diagnostics)
    }

    /// A page's results as a site shows them: a subset's only on its platforms (or on none named).
    static func rows(of page: Page, config: SiteConfig) -> [SupportResult] {
        guard let entry = page.frontMatter.entries["support"] else { return [] }
        let rows = read(entry.value, entry: entry, path: "").value
        guard let platforms = config.supportPlatforms.map({ Set($0.map { $0.lowercased() }) }) else { return rows }
        return rows.filter { $0.platform.map { platforms.contains($0.lowercased()) } ?? true }
    }

    /// The technologies a page's tests should be run with, each once, in the order written.
    static func technologies(of page: Page, config: SiteConfig) -> [String] {
        var seen = Set<String>()
        return rows(of: page, config: config).map(\.technology).filter { seen.insert($0).inserted }
    }

    /// `YYYY-MM-DD` or `YYYY-MM`, a real month and day.
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month), year > 1900 else { return false }
        guard parts.count == 3, let day = Int(parts[2]) else { return true }
        let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...days[month - 1]).contains(day)
    }

    /// Months from `date` (`YYYY-MM[-DD]`) to `today` (`YYYY-MM-DD`), counting a month only once its day has come.
    static func monthsBetween(_ date: String, and today: String) -> Int? {
        let a = date.split(separator: "-").compactMap { Int($0) }, b = today.split(separator: "-").compactMap { Int($0) }
        guard a.count >= 2, b.count >= 3 else { return nil }
        var months = (b[0] - a[0]) * 12 + (b[1] - a[1])
        if a.count == 3, b[2] < a[2] { months -= 1 }
        return months
    }
}
