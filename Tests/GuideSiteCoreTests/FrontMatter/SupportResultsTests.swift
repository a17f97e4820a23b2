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

    @Test("the support matrix: entries by technology with counts, each result linked to its row; support.json and .csv; a subset keeps its platforms' results")
    func matrix() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nurl: https://a.example/\nsubsets:\n  ios:\n    title: iOS\n    platforms: [iOS]\n",
            "Content/native/picker.md": "---\ntitle: Picker\nsupport:\n  - at: VoiceOver\n    platform: iOS\n    result: supported\n    date: 2026-10-01\n"
                + "  - at: TalkBack\n    platform: Android\n    result: partial\n    date: 2000-01-01\nkeyboard:\n  tab: focus moves\n---\nText.\n",
            "Content/native/plain.md": "---\ntitle: Plain\n---\nText.\n",
        ])
        defer { site.remove() }
        var request = BuildRequest(root: site.root)
        request.allSubsets = true
        #expect(SiteBuilder().build(request).outcome == .success)
        let html = try site.html("support/index.html")
        #expect(html.contains("<caption id=\"support-matrix-caption\">1 entry tested with 2 technologies</caption>"))
        #expect(html.contains("<th scope=\"col\" data-at=\"at-voiceover\">VoiceOver<span class=\"support-counts\">1 supported</span></th>"))
        #expect(html.contains("<a class=\"result result-partial\" href=\"../native/picker/#support-talkback-android\" data-platform=\"Android\">Partly supported"))
        #expect(html.contains("<span class=\"stale\">Tested more than 12 months ago</span>"))
        #expect(!html.contains("Plain"), "entries without results are not rows")
        #expect(try site.html("native/picker/index.html").contains("<tr id=\"support-talkback-android\">"), "the row the matrix links to")
        #expect(try site.html("index.html").contains("<a href=\"./support/\">Assistive technology support</a>"))
        let csv = try site.html("support/support.csv")
        #expect(csv.hasPrefix("Entry,URL,Technology,Version,Platform,Browser,Result,Date,Stale,Notes,Video\r\n"))
        #expect(csv.contains("Picker,https://a.example/native/picker/,TalkBack,,Android,,partial,2000-01-01,yes,,\r\n"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(site.html("support/support.json").utf8)) as? [String: Any])
        #expect(json["schema"] as? String == "guidesite-support/1")
        let results = (json["entries"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        #expect(results?.map { $0["technology"] as? String } == ["VoiceOver", "TalkBack"])
        #expect(results?.map { $0["stale"] as? Bool } == [false, true])
        #expect(try site.html("acceptance.csv").contains(",https://a.example/native/picker/,VoiceOver; TalkBack\r\n"), "the technologies to test with")
        #expect(try site.html("native/picker/picker.feature").hasPrefix("@at-voiceover @at-talkback\nFeature: Picker\n"))
        #expect(try site.html("acceptance/0.js").contains("\"technologies\":\"VoiceOver; TalkBack\""))
        let subset = try site.html("subsets/ios/support/index.html")
        #expect(subset.contains("1 entry tested with 1 technology") && !subset.contains("TalkBack"), "the iOS subset keeps its platform's results")
        #expect(!(try site.html("subsets/ios/native/picker/index.html")).contains("TalkBack"))
    }

    @Test("a translation without results of its own shows its source's, the notes marked in the source's language")
    func translations() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nlanguages: [{code: en, name: English}, {code: fr, name: Français}]\n",
            "Content/web/button.md": "---\ntitle: Button\nsupport:\n  - at: NVDA\n    result: supported\n    date: 2026-09-02\n    notes: Says its name.\n---\nText.\n",
            "Content/web/button.fr.md": "---\ntitle: Bouton\n---\nTexte.\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let french = try site.html("fr/web/button/index.html")
        #expect(french.contains("<span class=\"result result-supported\">Pris en charge</span>"))
        #expect(french.contains("<td><span lang=\"en\">Says its name.</span></td>"))
        #expect(try site.html("fr/support/index.html").contains(">Bouton</a>"))
        #expect(!(try site.html("web/button/index.html")).contains("lang=\"en\">Says"), "the source's own notes need no lang")
    }

    @Test("a video beside the source is linked from its translations, in a language folder too, where each language's site has it")
    func translatedVideo() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nlanguages: [{code: en, name: English}, {code: fr, name: Français}, {code: de, name: Deutsch}]\n",
            "Content/web/button.md": "---\ntitle: Button\nsupport:\n  - at: Orca\n    result: partial\n    date: 2026-11-27\n    video: button-orca.mp4\n---\nText.\n",
            "Content/web/button-orca.mp4": "video",
            "Content/web/button.fr.md": "---\ntitle: Bouton\n---\nTexte.\n",
            "Content/de/web/button.md": "---\ntitle: Schaltfläche\n---\nText.\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        #expect(try site.html("web/button/index.html").contains("<a href=\"../../web/button-orca.mp4\">"))
        for language in ["fr", "de"] {
            let page = try site.html("\(language)/web/button/index.html")
            #expect(page.contains("<a href=\"../../web/button-orca.mp4\">"), "\(language)")
            #expect(site.exists("\(language)/web/button-orca.mp4"), "\(language)")
        }
    }
}
