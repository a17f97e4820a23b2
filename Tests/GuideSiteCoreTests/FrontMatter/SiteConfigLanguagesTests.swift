import Testing
@testable import GuideSiteCore

@Suite("Languages in site.yml")
struct SiteConfigLanguagesTests {
    @Test("a list of languages, the default first: names, directions (Arabic right to left unless told), titles, section and category titles")
    func list() {
        let parsed = SiteConfigParser().parse("""
            language: de
            languages:
              - code: en
                name: English
              - code: fr
                name: Français
                title: Guide
                description: Un guide.
                footer: Pied.
                sections: {native: {title: Applications natives, description: iOS et Android.}, web: Web}
                categories: {Controls: Commandes}
              - {code: ar, name: العربية}
              - {code: he, name: עברית, direction: ltr}
            """, path: "site.yml")
        #expect(parsed.diagnostics.isEmpty)
        let languages = parsed.value.languages
        #expect(languages.map(\.code) == ["en", "fr", "ar", "he"])
        #expect(parsed.value.language == "en")
        #expect(languages.map(\.direction) == [.ltr, .ltr, .rtl, .ltr])
        #expect(languages[1].title == "Guide" && languages[1].description == "Un guide." && languages[1].footer == "Pied.")
        #expect(languages[1].sections["native"]?.title == "Applications natives")
        #expect(languages[1].sections["native"]?.description == "iOS et Android.")
        #expect(languages[1].sections["web"]?.title == "Web")
        #expect(languages[1].categories["controls"]?.title == "Commandes")
        #expect(!parsed.value.defaultLanguageInFolder)
    }

    @Test("Hugo's map from code to settings, and default-language-in-folder")
    func map() {
        let parsed = SiteConfigParser().parse("languages:\n  en: {name: English}\n  ja: 日本語\ndefault-language-in-folder: true\n", path: "site.yml")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.value.languages.map(\.code) == ["en", "ja"])
        #expect(parsed.value.languages[1].name == "日本語")
        #expect(parsed.value.defaultLanguageInFolder)
    }

    @Test("a bad tag, a language listed twice, one without a code or a name, a bad direction: each said where it is")
    func problems() {
        let parsed = SiteConfigParser().parse("""
            languages:
              - {code: en, name: English}
              - {code: french!, name: Français}
              - {code: EN, name: English again}
              - {name: Nameless}
              - {code: nl}
              - {code: fa, name: فارسی, direction: sideways}
              - {code: de, name: Deutsch, colour: red}
            """, path: "site.yml")
        let printed = parsed.diagnostics.map(\.description)
        #expect(printed.contains { $0.hasPrefix("site.yml:3:") && $0.contains("`french!` is not a language tag") })
        #expect(printed.contains { $0.hasPrefix("site.yml:4:") && $0.contains("language `EN` is listed twice") })
        #expect(printed.contains { $0.hasPrefix("site.yml:5:") && $0.contains("a language needs its `code`") })
        #expect(printed.contains { $0.hasPrefix("site.yml:6:") && $0.contains("language `nl` has no `name`") })
        #expect(printed.contains { $0.hasPrefix("site.yml:7:") && $0.contains("`direction` is `ltr` or `rtl`") })
        #expect(printed.contains { $0.hasPrefix("site.yml:8:") && $0.contains("unknown language setting `colour`") })
        #expect(parsed.value.languages.map(\.code) == ["en", "nl", "fa", "de"])
    }
}
