import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Languages the pages name themselves: lang:, ref:, translationKey:")
struct FindLanguagesTests {
    /// A Jekyll library in English and French, its languages and translations named by the pages.
    static let jekyll = [
        "_config.yml": "title: Components\nlang: en\ncollections:\n  components:\n    output: true\n",
        "index.md": "---\nlang: en\nref: home\n---\n# Components\n",
        "fr.md": "---\nlang: fr\nref: home\npermalink: /fr/\n---\n# Composants\n",
        "_components/button.md": "---\ntitle: Button\nlang: en\nref: button\n---\nPress it.\n",
        "_components/bouton.md": "---\ntitle: Bouton\nlang: fr\nref: button\npermalink: /fr/composants/bouton/\n---\nAppuyez.\n",
        "_components/dialog.md": "---\ntitle: Dialog\nref: dialog\n---\nA dialog.\n",
        "_components/dialog.fr.md": "---\ntitle: Boîte de dialogue\nlang: fr\nref: dialog\ntranslation:\n  outdated: true\n---\nUne boîte.\n",
        "_components/menu.fr.md": "---\ntitle: Menu\nlang: fr\nref: menu\n---\nUn menu.\n",
        "a-propos.md": "---\ntitle: À propos\nlang: fr\n---\nUne page en français.\n",
    ]

    @Test("a Jekyll library without languages: in any configuration: lang: and ref: make a French site, with alternates and the author's own staleness flag")
    func jekyllRef() throws {
        let site = try TestSite(Self.jekyll)
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.languages == 2)
        #expect(result.configuration.contains("Languages named by the pages' `lang:`: English (`en`, the default), Français (`fr`, 5 pages)"))
        let french = try site.html("fr/components/button/index.html")
        #expect(french.contains("<html lang=\"fr\""))
        #expect(french.contains("Appuyez."))
        #expect(french.contains("hreflang=\"en\""))
        let english = try site.html("components/button/index.html")
        #expect(english.contains("hreflang=\"fr\"") && english.contains("Press it."))
        #expect(!site.exists("fr/composants/bouton/index.html") && !site.exists("components/bouton/index.html"))
        // The author's flag shows as a computed staleness does; a ref translation without a record is current.
        #expect(try site.html("fr/components/dialog/index.html").contains("plus à jour"))
        #expect(!french.contains("plus à jour"))
        #expect(try site.html("fr/index.html").contains("Composants"))
        #expect(try site.html("fr/a-propos/index.html").contains("Une page en français."))
        // Only the ref that names no page of the default language is a warning, at its line.
        let translation = result.diagnostics.filter { $0.category == "translation" }.map(\.description)
        #expect(translation.count == 1)
        #expect(translation.first?.contains("menu.fr.md:4:1") == true && translation.first?.contains("no page of the default language has `ref: menu`") == true)
    }

    @Test("Hugo's translationKey pairs pages whose names differ, in a site whose languages come from hugo.toml")
    func hugoTranslationKey() throws {
        let site = try TestSite([
            "hugo.toml": "title = 'Handbook'\ndefaultContentLanguage = 'en'\n[languages.en]\nlanguageName = 'English'\nweight = 1\n[languages.de]\nweight = 2\n",
            "content/_index.md": "+++\ntitle = 'Handbook'\n+++\n",
            "content/patterns/switch.md": "+++\ntitle = 'Switch'\ntranslationKey = 'switch'\n+++\nA switch.\n",
            "content/patterns/schalter.de.md": "+++\ntitle = 'Schalter'\ntranslationKey = 'switch'\n+++\nEin Schalter.\n",
            "content/patterns/tabs.md": "+++\ntitle = 'Tabs'\n+++\nTabs.\n",
            "content/patterns/tabs.de.md": "+++\ntitle = 'Registerkarten'\n+++\nRegisterkarten.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        let german = try site.html("de/patterns/switch/index.html")
        #expect(german.contains("<html lang=\"de\"") && german.contains("Ein Schalter."))
        #expect(try site.html("de/patterns/tabs/index.html").contains("Registerkarten."))
        #expect(try site.html("patterns/switch/index.html").contains("hreflang=\"de\""))
        #expect(!site.exists("de/patterns/schalter/index.html"))
        #expect(result.configuration.first?.hasPrefix("Read hugo.toml (Hugo): title, 2 languages") == true)
    }

    @Test("an edit that gives a page another language, after a build of one language, builds both sites as a fresh build does")
    func editAddsLanguage() throws {
        let files = ["site.yml": "title: Guide\n", "Content/index.md": "# Guide\n",
                     "Content/native/picker.md": "---\ntitle: Picker\nref: picker\n---\nSpins.\n",
                     "Content/native/selecteur.md": "---\ntitle: Sélecteur\nref: picker\n---\nTourne.\n"]
        let site = try TestSite(files)
        defer { site.remove() }
        #expect(site.build().languages == 1)
        try site.age()
        try site.write(Data("---\ntitle: Sélecteur\nref: picker\nlang: fr\n---\nTourne.\n".utf8), to: "Content/native/selecteur.md")
        try site.age(only: ["Content/native/selecteur.md"])
        let edited = site.build()
        #expect(edited.outcome == .success && edited.languages == 2, "\(edited.printed)")
        let fresh = try TestSite(files.merging(["Content/native/selecteur.md": "---\ntitle: Sélecteur\nref: picker\nlang: fr\n---\nTourne.\n"]) { $1 })
        defer { fresh.remove() }
        #expect(fresh.build(fresh: true).outcome == .success)
        #expect(try site.snapshot() == fresh.snapshot())
        #expect(try site.html("fr/native/picker/index.html").contains("Tourne."))
    }

    @Test("a page that names the site's own language, or a region of it, is the default language's")
    func sameLanguage() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nlanguage: en\n",
            "Content/index.md": "---\nlang: en-GB\n---\n# Guide\n",
            "Content/native/picker.md": "---\nlang: en\n---\n# Picker\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.languages == 1, "\(result.printed)")
        #expect(result.configuration.isEmpty)
    }
}
