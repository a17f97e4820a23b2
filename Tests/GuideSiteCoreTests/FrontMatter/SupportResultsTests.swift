import Foundation
import Testing
@testable import GuideSiteCore

/// `support:` in front matter: parsing, the checks of names, results and dates, staleness, and
/// the entry's table.
@Suite("Support results")
struct SupportResultsTests {
    func read(_ yaml: String) -> Diagnosed<[SupportResult]> {
        let matter = FrontMatterParser().parse(yaml, firstLine: 2, path: "Content/web/a.md").value
        let entry = matter.entries["support"]!
        return SupportResults.read(entry.value, entry: entry, path: "Content/web/a.md")
    }

    @Test("every field read; common spellings take the usual name")
    func fields() {
        let read = read("support:\n  - at: VO\n    version: \"18.1\"\n    platform: iOS\n    browser: Safari\n    result: Not Supported\n    date: 2026-03-01\n    notes: Silent.\n    video: vo.mp4\n  - technology: talkback\n    result: partial\n    date: 2025-12\n")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.value == [
            SupportResult(technology: "VoiceOver", version: "18.1", platform: "iOS", browser: "Safari", outcome: .notSupported, date: "2026-03-01", notes: "Silent.", video: "vo.mp4"),
            SupportResult(technology: "TalkBack", outcome: .partial, date: "2025-12"),
        ])
    }

    @Test("an unknown technology, result, date or field is a warning at its line with the likely meaning; the row stays")
    func problems() {
        let read = read("support:\n  - at: Voice Over Pro\n    result: suported\n    date: 2026-02-30\n    plattform: iOS\n  - at: NVDA\n  - just text\n")
        let messages = read.diagnostics.map(\.description)
        #expect(messages.contains { $0.hasPrefix("Content/web/a.md:3:") && $0.contains("`Voice Over Pro` is not an assistive technology GuideSite knows") })
        #expect(messages.contains { $0.hasPrefix("Content/web/a.md:4:") && $0.contains("Did you mean `supported`?") })
        #expect(messages.contains { $0.hasPrefix("Content/web/a.md:5:") && $0.contains("`date: 2026-02-30` is not a date") })
        #expect(messages.contains { $0.hasPrefix("Content/web/a.md:6:") && $0.contains("Did you mean `platform`?") })
        #expect(messages.contains { $0.contains("the test with NVDA has no `result:`") })
        #expect(messages.contains { $0.contains("`just text` is left out") })
        #expect(read.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(read.value.map(\.technology) == ["Voice Over Pro", "NVDA"])
    }

    @Test("months between a test and the build's day, and dates", arguments: [
        ("2025-11-26", "2026-11-26", 12), ("2025-11-27", "2026-11-26", 11), ("2025-11", "2026-11-26", 12), ("2026-11-01", "2026-11-26", 0),
    ])
    func months(date: String, today: String, months: Int) {
        #expect(SupportResults.monthsBetween(date, and: today) == months)
        #expect(SupportResults.isDate(date))
    }

    @Test("the entry's table: a caption, header cells, each result in words, old tests marked, the video linked from the output")
    func table() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nsupport-stale-after: 6\n",
            "Content/web/picker.md": """
                ---
                title: Picker
                support:
                  - at: VoiceOver
                    platform: iOS
                    result: supported
                    date: 2000-01-01
                    video: picker-vo.mp4
                  - at: NVDA
                    result: partial
                    date: 2999-01-01
                ---
                Text.
                """,
            "Content/web/picker-vo.mp4": "not really a video",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let html = try site.html("web/picker/index.html")
        #expect(html.contains("<caption id=\"support-caption\">How Picker works with assistive technologies</caption>"))
        #expect(html.contains("<th scope=\"col\">Result</th>"))
        #expect(html.contains("<tr id=\"support-voiceover-ios\"><th scope=\"row\">VoiceOver<span class=\"support-where\">iOS</span></th>"))
        #expect(html.contains("<span class=\"result result-supported\">Supported</span>"))
        #expect(html.contains("<span class=\"result result-partial\">Partly supported</span>"))
        #expect(html.contains("<time datetime=\"2000-01-01\">2000-01-01</time><span class=\"stale\">Tested more than 6 months ago</span>"))
        #expect(!html.contains("<time datetime=\"2999-01-01\">2999-01-01</time><span class=\"stale\">"))
        #expect(html.contains("<a href=\"../../web/picker-vo.mp4\">Video of the test with VoiceOver</a>"))
        #expect(site.exists("web/picker-vo.mp4"))
    }
}
