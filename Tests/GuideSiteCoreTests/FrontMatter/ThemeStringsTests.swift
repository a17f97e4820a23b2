import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Theme strings")
struct ThemeStringsTests {
    static let builtIn = DefaultTheme.files()
    static func keys(_ code: String) -> Set<String> {
        Set(ThemeStrings.read(builtIn["strings/\(code).yml"] ?? Data(), path: code).value.keys)
    }

    @Test("English, French, Spanish, German, Japanese and Arabic ship with every key, and nothing else", arguments: ["fr", "es", "de", "ja", "ar"])
    func shipped(code: String) {
        let english = Self.keys("en")
        #expect(english.count > 150)
        #expect(Self.keys(code) == english)
        let loaded = ThemeStrings.load(files: Self.builtIn, origins: [:], languages: [code])
        #expect(loaded.diagnostics.isEmpty)
    }

    @Test("every key the layouts and the build use is in English")
    func used() throws {
        let english = Self.keys("en")
        var used = Set<String>()
        for (path, data) in Self.builtIn where path.hasSuffix(".mustache") {
            let text = String(decoding: data, as: UTF8.self)
            for match in text.matches(of: /\{\{strings\.([a-z0-9-]+)\}\}/) { used.insert(String(match.1)) }
        }
        for (path, data) in Self.builtIn where path.hasSuffix(".js") {
            let text = String(decoding: data, as: UTF8.self)
            for match in text.matches(of: /GuideSite\.text\("([a-z0-9-]+)"/) { used.insert("js-" + match.1) }
        }
        #expect(used.count > 100)
        #expect(used.subtracting(english).isEmpty, "\(used.subtracting(english).sorted())")
    }

    @Test("a site's file adds or overrides keys over the built-in ones; a key missing falls back to English with a warning naming it")
    func siteOverrides() {
        let english = Self.keys("en")
        var files = Self.builtIn
        files["strings/fr.yml"] = Data("skip-link: Passer au contenu\n".utf8)
        files["strings/nl.yml"] = Data("skip-link: Naar de inhoud\nnav-home: Start\n".utf8)
        let origins = ["strings/fr.yml": "Templates/strings/fr.yml", "strings/nl.yml": "Templates/strings/nl.yml"]
        let loaded = ThemeStrings.load(files: files, origins: origins, languages: ["fr", "nl", "sv"])
        #expect(loaded.value["fr"]?["skip-link"] == "Passer au contenu")
        #expect(loaded.value["fr"]?["nav-home"] == "Accueil")
        #expect(loaded.value["nl"]?["nav-home"] == "Start")
        #expect(loaded.value["nl"]?["title-search"] == "Search")
        #expect(loaded.value["sv"]?["nav-home"] == "Home")
        let printed = loaded.diagnostics.map(\.description)
        #expect(!printed.contains { $0.contains("for `fr`") })
        #expect(printed.contains { $0.hasPrefix("Templates/strings/nl.yml:1:1: warning: [strings] \(english.count - 2) strings are missing for `nl`, so English is shown for them: `acceptance-intro`, ") && $0.contains("`title-search`") })
        var one = files
        one["strings/nl.yml"] = Data(ThemeStrings.read(files["strings/en.yml"]!, path: "en").value.filter { $0.key != "title-search" }
            .map { "\($0.key): \"\($0.value.replacingOccurrences(of: "\"", with: "\\\""))\"" }.sorted().joined(separator: "\n").utf8)
        let single = ThemeStrings.load(files: one, origins: origins, languages: ["nl"]).diagnostics.map(\.description)
        #expect(single == ["Templates/strings/nl.yml:1:1: warning: [strings] string `title-search` is missing for `nl`, so English is shown (“Search”); add `title-search: …` to Templates/strings/nl.yml"])
        #expect(printed.contains { $0.hasPrefix("Templates/strings/sv.yml: warning: [strings] the theme has no strings for `sv`") })
    }

    @Test("counts, dates and placeholders in the language's own order; the scripts' texts as JSON safe in a script element")
    func formatting() {
        let loaded = ThemeStrings.load(files: Self.builtIn, origins: [:], languages: ["en", "ja", "de"]).value
        let date = CommitDate(seconds: 1_795_000_000, offset: 60)
        #expect(loaded["en"]?.date(date) == "18 November 2026")
        #expect(loaded["ja"]?.date(date) == "2026年11月18日")
        #expect(loaded["de"]?.date(date) == "18. November 2026")
        #expect(loaded["en"]?.count(0, "pages") == "No pages")
        #expect(loaded["de"]?.count(3, "entries") == "3 Einträge")
        #expect(loaded["en"]?.format("more-in", ["section": "Web"]) == "More in Web")
        let strings = ThemeStrings(language: "x", values: ["js-copy": "</script><b>", "skip-link": "x"])
        #expect(strings.scriptJSON == #"{"copy":"\u003c/script>\u003cb>"}"#)
    }
}
