import Foundation
import Testing
@testable import GuideSiteCore

/// A site in English, French and Arabic, written the two ways teams keep translations.
@Suite("Sites in several languages")
struct LanguagesTests {
    static let picker = "---\ntitle: Wheel picker\ncategories: [pickers]\nwcag: [2.1.1]\nkeyboard:\n  tab: Focus moves to the picker\n---\n\nSee [the button](../web/button.md).\n\n```swift\nlet x = 1\n```\n"
    static let button = "---\ntitle: Button\ncategories: [controls]\nwcag: [4.1.2]\n---\n\nA button.\n"

    static func files(pickerVersion: String? = nil) -> [String: String] {
        let version = pickerVersion ?? String(ContentHash.hex(Data(picker.utf8)).prefix(12))
        return [
            "site.yml": """
                title: Guide
                url: https://a11y.example.org/guide/
                languages:
                  - {code: en, name: English}
                  - code: fr
                    name: Français
                    title: Le guide
                    sections: {native: Applications natives}
                    categories: {pickers: Sélecteurs}
                  - {code: ar, name: العربية}
                """,
            "Content/index.md": "---\ntitle: Guide\n---\nWelcome.\n",
            "Content/native/wheel-picker.md": picker,
            "Content/native/picker.png": "png",
            "Content/web/button.md": button,
            "Content/web/link.md": "---\ntitle: Link\n---\nA link.\n",
            "Content/native/wheel-picker.fr.md": "---\ntranslation-of: \(version)\ntitle: Sélecteur à molette\nkeyboard:\n  tabulation: Le focus arrive sur le sélecteur\n---\n\nVoir [le bouton](../web/button.md) et [le lien](../web/link.md).\n",
            "Content/fr/web/button.md": "---\ntranslation-of: \(String(ContentHash.hex(Data(button.utf8)).prefix(12)))\ntitle: Bouton\n---\n\nUn bouton.\n",
            "Content/fr/native/picker.png": "png-fr",
            "Content/native/wheel-picker.ar.md": "---\ntitle: منتقي العجلة\n---\n\nنص.\n",
        ]
    }

    @Test("each language is a site of its own under /<code>/, with lang, dir, alternates and a switcher to the same page")
    func sites() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.sites == 3 && result.languages == 3)
        let english = try site.html("native/wheel-picker/index.html")
        #expect(english.contains("<html lang=\"en\">"))
        #expect(english.contains("<link rel=\"alternate\" hreflang=\"fr\" href=\"https://a11y.example.org/guide/fr/native/wheel-picker/\">"))
        #expect(english.contains("<link rel=\"alternate\" hreflang=\"ar\" href=\"https://a11y.example.org/guide/ar/native/wheel-picker/\">"))
        #expect(english.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://a11y.example.org/guide/native/wheel-picker/\">"))
        #expect(english.contains("<nav class=\"language-switcher\" aria-label=\"Languages\">"))
        #expect(english.contains("<p><a href=\"../../translations/\">Translations</a></p>"))
        #expect(english.contains("<a href=\"../../fr/native/wheel-picker/\" hreflang=\"fr\" lang=\"fr\">Français</a>"))
        #expect(english.contains("<a href=\"../../ar/native/wheel-picker/\" hreflang=\"ar\" lang=\"ar\" dir=\"rtl\">العربية</a>"))
        let french = try site.html("fr/native/wheel-picker/index.html")
        #expect(french.contains("<html lang=\"fr\">"))
        #expect(french.contains("<h1 id=\"page-title\">Sélecteur à molette</h1>"))
        #expect(french.contains("<link rel=\"canonical\" href=\"https://a11y.example.org/guide/fr/native/wheel-picker/\">"))
        #expect(french.contains("<a href=\"../../../native/wheel-picker/\" hreflang=\"en\" lang=\"en\">English</a>"))
        #expect(french.contains("aria-current=\"page\">Français</a>"))
        #expect(french.contains("<a class=\"skip-link\" href=\"#main-content\">Aller au contenu principal</a>"))
        #expect(french.contains("<h2 id=\"how-to-test\">Comment tester</h2>"))
        // The French button is in the French site; the link not translated goes to the English page.
        #expect(french.contains("<a href=\"../../web/button/\">le bouton</a>"))
        #expect(french.contains("<a href=\"../../../web/link/\">le lien</a>"))
        // Categories and sections take the language's titles; the page's own is the translation's.
        #expect(french.contains(">Sélecteurs</a>"))
        #expect(try site.html("fr/native/index.html").contains("<h1 id=\"page-title\">Applications natives</h1>"))
        let arabic = try site.html("ar/native/wheel-picker/index.html")
        #expect(arabic.contains("<html lang=\"ar\" dir=\"rtl\">"))
        // A page only the default language has lists English and itself in the switcher.
        let link = try site.html("web/link/index.html")
        #expect(!link.contains("hreflang=\"fr\""))
        // Generated pages exist in every language, in its words.
        #expect(try site.html("fr/search/index.html").contains("<title>Recherche – Le guide</title>"))
        #expect(try site.html("ar/wcag/2.1.1/index.html").contains("<html lang=\"ar\" dir=\"rtl\">"))
        // WCAG's names are W3C's English, marked so in another language.
        #expect(try site.html("fr/wcag/2.1.1/index.html").contains("<h1 id=\"page-title\">2.1.1 <span lang=\"en\">Keyboard</span></h1>"))
        #expect(!english.contains("<span lang=\"en\">"))
    }

    @Test("untranslated pages are not copied: lists link to the default language's page and say so; a language's own files are copied")
    func untranslated() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        site.build()
        #expect(!site.exists("fr/web/link/index.html"))
        #expect(site.exists("fr/web/button/index.html"))
        #expect(!site.exists("ar/web/button/index.html"))
        let section = try site.html("fr/web/index.html")
        #expect(section.contains("<a href=\"../../web/link/\" hreflang=\"en\" lang=\"en\">Link</a> <span class=\"language-note\">(pas encore traduite)</span>"))
        #expect(section.contains("<a href=\"../web/button/\">Bouton</a>"))
        // Copied files: the French folder's own image replaces the shared one in the French site.
        #expect(try String(contentsOf: site.root.appending(path: "Output/fr/native/picker.png"), encoding: .utf8) == "png-fr")
        #expect(try String(contentsOf: site.root.appending(path: "Output/ar/native/picker.png"), encoding: .utf8) == "png")
        #expect(!site.exists("fr/fr/native/picker.png") && !site.exists("fr/native/picker.png.fr"))
        // Each language's search, criteria.json and sitemap hold its own pages.
        let search = try String(contentsOf: site.root.appending(path: "Output/fr/search/index.js"), encoding: .utf8)
        #expect(search.contains("Sélecteur à molette") && !search.contains("\"Link\""))
        let criteria = try String(contentsOf: site.root.appending(path: "Output/fr/criteria.json"), encoding: .utf8)
        #expect(criteria.contains("Bouton") && !criteria.contains("\"Link\""))
        let sitemap = try String(contentsOf: site.root.appending(path: "Output/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<url><loc>https://a11y.example.org/guide/native/wheel-picker/</loc>\n    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://a11y.example.org/guide/native/wheel-picker/\"/>\n    <xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://a11y.example.org/guide/fr/native/wheel-picker/\"/>"))
        let frenchSitemap = try String(contentsOf: site.root.appending(path: "Output/fr/sitemap.xml"), encoding: .utf8)
        #expect(!frenchSitemap.contains("web/link/"))
    }

    @Test("a translation of an older source is out of date: a notice in the reader's language, a warning, the Translations page")
    func outdated() throws {
        let site = try TestSite(Self.files(pickerVersion: "0123456789ab"))
        defer { site.remove() }
        let result = site.build()
        let current = String(ContentHash.hex(Data(Self.picker.utf8)).prefix(12))
        #expect(result.printed.contains("Content/native/wheel-picker.fr.md:2:1: warning: [translation] translation of Content/native/wheel-picker.md is out of date: the source changed since the version it translates (`0123456789ab`); update the translation, then set `translation-of: \(current)`"))
        #expect(result.printed.contains("Content/native/wheel-picker.ar.md:1:1: warning: [translation] translation of Content/native/wheel-picker.md does not say which version it translates"))
        #expect(!result.printed.contains("fr/web/button.md"))
        let french = try site.html("fr/native/wheel-picker/index.html")
        #expect(french.contains("<p class=\"notice translation-notice\">Cette traduction n&#39;est peut-être plus à jour : la page qu&#39;elle traduit a changé depuis. <a href=\"../../../native/wheel-picker/\" hreflang=\"en\" lang=\"en\">Lire la page originale</a></p>"))
        #expect(!(try site.html("fr/web/button/index.html")).contains("translation-notice"))
        let table = try site.html("fr/translations/index.html")
        #expect(table.contains("<p class=\"summary\">1 à jour, 1 à mettre à jour, 2 manquantes.</p>"))
        #expect(table.contains("<td class=\"status-outdated\"><a href=\"../native/wheel-picker/\">À mettre à jour</a></td>"))
        #expect(table.contains("<td class=\"status-missing\">Manquante</td>"))
        let english = try site.html("translations/index.html")
        #expect(english.contains("<th scope=\"col\" lang=\"fr\">Français</th><th scope=\"col\" lang=\"ar\">العربية</th>"))
        #expect(english.contains("<td class=\"status-current\"><a href=\"../fr/web/button/\">Up to date</a></td>"))
        // `check` lists them too, and --strict fails on them.
        #expect(site.build(strict: true).outcome == .contentErrors)
    }

    @Test("guidesite new --translation copies the source with the version it translates, beside it or in the language's folder")
    func newTranslation() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(site.root.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        // French has a folder: the copy goes there; Arabic has none: beside the source.
        let french = try Scaffolder().newTranslation(of: "Content/web/link.md", into: "fr", root: site.root)
        #expect(french.path.hasSuffix("Content/fr/web/link.md"))
        let text = try String(contentsOf: french, encoding: .utf8)
        #expect(text == "---\ntranslation-of: \(ContentHash.hex(Data("---\ntitle: Link\n---\nA link.\n".utf8)).prefix(12))\ntitle: Link\n---\nA link.\n")
        // From elsewhere, the page is found from the site's root.
        FileManager.default.changeCurrentDirectoryPath(FileManager.default.temporaryDirectory.path)
        let arabic = try Scaffolder().newTranslation(of: "Content/web/link.md", into: "ar", root: site.root)
        FileManager.default.changeCurrentDirectoryPath(site.root.path)
        #expect(arabic.path.hasSuffix("Content/web/link.ar.md"))
        #expect(throws: Scaffolder.Failure.self) { try Scaffolder().newTranslation(of: "Content/web/link.md", into: "fr", root: site.root) }
        #expect(throws: Scaffolder.Failure.self) { try Scaffolder().newTranslation(of: "Content/web/link.md", into: "de", root: site.root) }
        #expect(throws: Scaffolder.Failure.self) { try Scaffolder().newTranslation(of: "Content/native/wheel-picker.fr.md", into: "ar", root: site.root) }
        #expect(Scaffolder.recording("abc", in: "# Title\n") == "---\ntranslation-of: abc\n---\n\n# Title\n")
        #expect(Scaffolder.recording("abc", in: "+++\ntitle = \"T\"\n+++\n") == "+++\ntranslation-of = \"abc\"\ntitle = \"T\"\n+++\n")
        let result = site.build()
        #expect(!result.printed.contains("web/link.ar.md"), "\(result.printed)")
        #expect(site.exists("fr/web/link/index.html") && site.exists("ar/web/link/index.html"))
    }

    @Test("default-language-in-folder: every language in its folder, the top sending readers to the default; subsets in every language")
    func folders() throws {
        var files = Self.files()
        files["site.yml"]! += "\ndefault-language-in-folder: true\nsubsets:\n  native: {sections: [native]}\n"
        let site = try TestSite(files)
        defer { site.remove() }
        let result = SiteBuilder().build({ var request = BuildRequest(root: site.root); request.allSubsets = true; return request }())
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.sites == 6)
        let top = try site.html("index.html")
        #expect(top.contains("<meta http-equiv=\"refresh\" content=\"0; url=en/\">"))
        #expect(top.contains("<a href=\"fr/\" hreflang=\"fr\" lang=\"fr\">Français</a>"))
        #expect(try site.html("en/native/wheel-picker/index.html").contains("<a href=\"../../../fr/native/wheel-picker/\" hreflang=\"fr\" lang=\"fr\">Français</a>"))
        #expect(try site.html("fr/web/index.html").contains("<a href=\"../../en/web/link/\" hreflang=\"en\" lang=\"en\">Link</a>"))
        #expect(site.exists("subsets/native/en/native/wheel-picker/index.html"))
        #expect(try site.html("subsets/native/fr/native/wheel-picker/index.html").contains("<html lang=\"fr\">"))
        #expect(!site.exists("subsets/native/fr/web/button/index.html"))
    }

    @Test("the same input gives the same bytes, and the preview builds every language into memory")
    func deterministicAndPreview() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        site.build()
        let first = try site.snapshot()
        try FileManager.default.removeItem(at: site.root.appending(path: "Output"))
        try? FileManager.default.removeItem(at: site.root.appending(path: ".guidesite-cache"))
        let second = site.build(fresh: true)
        #expect(!second.upToDate && second.pagesRendered == nil && second.pagesWritten > 0, "the second build ran in full")
        #expect(try site.snapshot() == first)
        let memory = MemoryOutput(), kept = BuildMemory()
        let result = SiteBuilder().build(BuildRequest(root: site.root), into: memory, memory: kept)
        #expect(result.outcome == .success)
        #expect(memory.files["fr/native/wheel-picker/index.html"] != nil)
        #expect(memory.files["ar/index.html"] != nil)
        #expect(memory.files["fr/native/wheel-picker/index.html"] == first["fr/native/wheel-picker/index.html"])
        // A saved translation shows in the next rebuild, the other languages' pages as they were.
        try site.write(Data(Self.files()["Content/native/wheel-picker.fr.md"]!.replacingOccurrences(of: "Voir", with: "Regarder").utf8),
                       to: "Content/native/wheel-picker.fr.md")
        let again = MemoryOutput()
        #expect(SiteBuilder().build(BuildRequest(root: site.root), into: again, memory: kept).outcome == .success)
        #expect(String(decoding: again.files["fr/native/wheel-picker/index.html"] ?? Data(), as: UTF8.self).contains("<p>Regarder "))
        #expect(again.files["native/wheel-picker/index.html"] == first["native/wheel-picker/index.html"])
    }
}
