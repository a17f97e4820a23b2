import Foundation
import Testing
@testable import GuideSiteCore

/// Long lists split into numbered pages (Hugo's paginator): which files are written, what each
/// page lists and links to, the home page, the search page's letters, and the settings.
@Suite("Numbered pages of long lists")
struct ListPagesTests {
    /// Five web entries in two categories (three in `forms`), two native ones, pages of two.
    static func site(size: Int = 2, extra: [String: String] = [:]) throws -> TestSite {
        var files = [
            "site.yml": "title: Guide\nurl: https://a11y.example.org/\npagination:\n  size: \(size)\n",
            "Content/web/alpha.md": "---\ntitle: Alpha\ncategories: [forms]\nwcag: [1.3.1]\n---\nText.\n",
            "Content/web/bravo.md": "---\ntitle: Bravo\ncategories: [forms]\n---\nText.\n",
            "Content/web/charlie.md": "---\ntitle: Charlie\n---\nText.\n",
            "Content/web/delta.md": "---\ntitle: Delta\nwcag: [1.3.1]\n---\nText.\n",
            "Content/web/echo.md": "---\ntitle: Écho\n---\nText.\n",
            "Content/native/foxtrot.md": "---\ntitle: Foxtrot\ncategories: [forms]\nwcag: [1.3.1]\n---\nText.\n",
            "Content/native/golf.md": "---\ntitle: 9 golf\n---\nText.\n",
        ]
        files.merge(extra) { $1 }
        return try TestSite(files)
    }

    /// The `<main>` of a page, where lists are.
    static func main(_ html: String) -> String {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("a section of five in pages of two: three files, each with its slice, Page N of 3, rel prev and next, and its own canonical address")
    func section() throws {
        let site = try Self.site()
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0 && result.warningCount == 0, "\(result.printed)")
        #expect(site.exists("web/page/2/index.html") && site.exists("web/page/3/index.html") && !site.exists("web/page/4/index.html"))
        #expect(!site.exists("native/page/2/index.html"))
        let first = try site.html("web/index.html"), second = try site.html("web/page/2/index.html"), third = try site.html("web/page/3/index.html")
        // Reading order is by title: Alpha, Bravo | Charlie, Delta | Écho.
        #expect(Self.main(first).contains(">Alpha<") && Self.main(first).contains(">Bravo<") && !Self.main(first).contains(">Charlie<"))
        #expect(Self.main(second).contains(">Charlie<") && Self.main(second).contains(">Delta<") && !Self.main(second).contains(">Alpha<"))
        #expect(Self.main(third).contains(">Écho<") && !Self.main(third).contains(">Delta<"))
        // Every page says how many entries the section has, not how many it shows.
        #expect(second.contains("<h2 id=\"entries\">5 entries</h2>"))
        #expect(second.contains("<title>Web – Page 2 of 3 – Guide</title>") && first.contains("<title>Web – Guide</title>"))
        #expect(second.contains("<link rel=\"canonical\" href=\"https://a11y.example.org/web/page/2/\">"))
        #expect(second.contains("<link rel=\"prev\" href=\"../../../web/\">") && second.contains("<link rel=\"next\" href=\"../../../web/page/3/\">"))
        #expect(!first.contains("rel=\"prev\"") && !third.contains("rel=\"next\""))
        #expect(second.contains("<nav class=\"pagination\" aria-label=\"Pages of Web\">") && second.contains("<p class=\"pagination-summary\">Page 2 of 3</p>"))
        #expect(second.contains("<a href=\"../../../web/page/2/\" aria-label=\"Page 2\" aria-current=\"page\">2</a>"))
        #expect(first.contains("<a href=\"../web/page/3/\" aria-label=\"Page 3\">3</a>"))
    }

    @Test("a category and a criterion keep their section headings on each page; the counts stay whole")
    func grouped() throws {
        let site = try Self.site()
        defer { site.remove() }
        #expect(site.build().errorCount == 0)
        // forms: native Foxtrot, web Alpha | web Bravo (sections by name: native first).
        let one = Self.main(try site.html("categories/forms/index.html")), two = Self.main(try site.html("categories/forms/page/2/index.html"))
        #expect(one.contains("3 entries in this category.") && two.contains("3 entries in this category."))
        let all = one + two
        #expect(one.contains("<h2>Native</h2>") && one.contains("<h2>Web</h2>") && two.contains("<h2>Web</h2>") && !two.contains("<h2>Native</h2>"))
        #expect([">Alpha<", ">Bravo<", ">Foxtrot<"].allSatisfy { all.components(separatedBy: $0).count == 2 })
        #expect(site.exists("wcag/1.3.1/page/2/index.html") && !site.exists("wcag/1.3.1/page/3/index.html"))
        #expect(!site.exists("wcag/2.1.1/page/2/index.html"))
    }

    @Test("the search page lists every page A to Z by first letter: accents folded, digits under their own heading, each letter linked to the page it starts on")
    func search() throws {
        let site = try Self.site(size: 3)
        defer { site.remove() }
        #expect(site.build().errorCount == 0)
        // A to Z: 9 golf, Alpha, Bravo | Charlie, Delta, Écho | Foxtrot.
        let one = try site.html("search/index.html"), two = try site.html("search/page/2/index.html"), three = try site.html("search/page/3/index.html")
        #expect(one.contains("<h3 id=\"letter-other\">Digits and signs</h3>") && one.contains("<h3 id=\"letter-a\">A</h3>"))
        #expect(two.contains("<h3 id=\"letter-e\">E</h3>") && two.contains(">Écho<"))
        #expect(three.contains("<h3 id=\"letter-f\">F</h3>"))
        #expect(one.contains("<a href=\"../search/page/2/#letter-c\">C</a>") && one.contains("<a href=\"#letter-b\">B</a>"))
        #expect(two.contains("<a href=\"../../../search/#letter-a\">A</a>") && two.contains("<a href=\"#letter-d\">D</a>"))
        #expect(!one.contains(">Charlie<") && two.contains(">Charlie<"))
        // The search index still holds every page, whichever list page shows it.
        let index = try site.html("search/index.js")
        #expect(["Alpha", "Écho", "Foxtrot", "9 golf"].allSatisfy(index.contains))
    }

    @Test("the home page lists a section's entries only when they fit on one page, and shows the pages changed last")
    func home() throws {
        let small = try Self.site(size: 10)
        defer { small.remove() }
        #expect(small.build().errorCount == 0)
        let whole = Self.main(try small.html("index.html"))
        #expect(whole.contains(">Alpha<") && !whole.contains("section-all"))
        let split = try Self.site(size: 2)
        defer { split.remove() }
        #expect(split.build().errorCount == 0)
        let home = Self.main(try split.html("index.html"))
        #expect(!home.contains(">Alpha<") && home.contains("<p class=\"section-all\"><a href=\"./web/\">See all 5 entries of Web</a></p>"))
        #expect(!home.contains("recent-updates"), "no dates without a history")
    }

    @Test("in the preview, a title edit that keeps the order renders again the numbered pages showing the entry, not the whole lists; the site equals a fresh build")
    func titleEdit() throws {
        let site = try Self.site()
        defer { site.remove() }
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        try site.write(Data("---\ntitle: Echo two\n---\nText.\n".utf8), to: "Content/web/echo.md")
        var request = BuildRequest(root: site.root)
        request.knownChanges = [site.root.appending(path: "Content/web/echo.md").standardizedFileURL.path]
        let edited = MemoryOutput()
        let result = SiteBuilder().build(request, into: edited, memory: memory)
        // The entry, Delta (its previous), web/page/3/ and search/page/3/ (Écho became Echo two:
        // still after Delta and before Foxtrot), of 7 list pages and 15 pages in all.
        #expect(result.pagesRendered == 4, "\(result.pagesRendered ?? -1)")
        let fresh = MemoryOutput()
        var again = BuildRequest(root: site.root)
        again.fresh = true
        _ = SiteBuilder().build(again, into: fresh, memory: BuildMemory())
        #expect(edited.files == fresh.files)
    }

    @Test("the translations table splits too; in French every page's summary counts every row")
    func translations() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\npagination: {size: 2}\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n",
            "Content/index.md": "# Guide\n\nHi.\n",
            "Content/web/a.md": "---\ntitle: A\n---\nText.\n", "Content/web/b.md": "---\ntitle: B\n---\nText.\n",
            "Content/web/c.md": "---\ntitle: C\n---\nText.\n", "Content/web/a.fr.md": "---\ntitle: A fr\n---\nTexte.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0, "\(result.printed)")
        let rows = { (html: String) in html.components(separatedBy: "<tr><th scope=\"row\">").count - 1 }
        // Four sources (the home page and three entries) in pages of two.
        let english = try [site.html("translations/index.html"), site.html("translations/page/2/index.html")]
        #expect(english.map(rows) == [2, 2] && !site.exists("translations/page/3/index.html"), "\(english.map(rows))")
        let french = try [site.html("fr/translations/index.html"), site.html("fr/translations/page/2/index.html")]
        #expect(french.allSatisfy { $0.contains("<p class=\"summary\">") } && french[0].components(separatedBy: "<p class=\"summary\">")[1].prefix(80)
            == french[1].components(separatedBy: "<p class=\"summary\">")[1].prefix(80))
        #expect(french[1].contains("<nav class=\"pagination\""))
    }

    @Test("a content page at a numbered page's address keeps it, with a warning that says how to move the numbers")
    func collision() throws {
        let site = try Self.site(extra: ["Content/web/page/2.md": "---\ntitle: Second\n---\nMine.\n"])
        defer { site.remove() }
        try site.age()
        let result = site.build()
        #expect(result.errorCount == 0)
        #expect(result.printed.contains("Content/web/page/2.md") && result.printed.contains("set `pagination: {path: NAME}`"))
        #expect(try site.html("web/page/2/index.html").contains("Mine."))
        // A patch that renders no list says it too, as a fresh build would.
        try site.write(Data("---\ntitle: Alpha\ncategories: [forms]\nwcag: [1.3.1]\n---\nText, edited.\n".utf8), to: "Content/web/alpha.md")
        try site.age(by: 10, only: ["Content/web/alpha.md"])
        let patched = site.build()
        #expect(patched.pagesRendered != nil && patched.printed.contains("set `pagination: {path: NAME}`"), "\(patched.printed)")
    }

    @Test("pagination settings: bad values are errors at their line; Hugo's and Jekyll's page sizes are taken")
    func settings() throws {
        let bad = SiteConfigParser().parse("title: G\npagination:\n  size: 0\n  path: a/b\n  sise: 3\n", path: "site.yml")
        #expect(bad.diagnostics.map(\.description).contains { $0.hasPrefix("site.yml:3:3: error:") && $0.contains("pagination.size") })
        #expect(bad.diagnostics.map(\.description).contains { $0.hasPrefix("site.yml:4:3: error:") && $0.contains("pagination.path") })
        #expect(bad.diagnostics.map(\.description).contains { $0.hasPrefix("site.yml:5:3: warning:") && $0.contains("Did you mean `size`") })
        let good = SiteConfigParser().parse("pagination: {size: 25, path: seite}\n", path: "site.yml")
        #expect(good.value.pagination == Pagination(size: 25, path: "seite") && good.diagnostics.isEmpty)
        let hugo = try TestSite(["hugo.toml": "title = 'G'\n[pagination]\npagerSize = 3\npath = 'p'\n",
                                 "content/web/a.md": "+++\ntitle = 'A'\n+++\nText.\n"])
        defer { hugo.remove() }
        for (index, letter) in ["b", "c", "d"].enumerated() { try hugo.write(Data("+++\ntitle = '\(letter)'\nweight = \(index)\n+++\nText.\n".utf8), to: "content/web/\(letter).md") }
        #expect(hugo.build().errorCount == 0)
        #expect(hugo.exists("web/p/2/index.html") && !hugo.exists("web/p/3/index.html"))
        let library = LibraryConfig.jekyll([FrontEntry(key: "paginate", value: .text("1"), line: 2, column: 1),
                                            FrontEntry(key: "paginate_path", value: .text("/blog/page:num/"), line: 3, column: 1)], path: "_config.yml")
        let config = SiteConfigParser().parse(nil, path: "site.yml", library: library)
        #expect(config.value.pagination == Pagination(size: 1, path: "page"))
    }

    @Test("page arithmetic: counts, slices and addresses")
    func arithmetic() {
        let pagination = Pagination(size: 100)
        #expect(pagination.pageCount(items: 0) == 1 && pagination.pageCount(items: 100) == 1 && pagination.pageCount(items: 101) == 2)
        #expect(pagination.range(of: 2, items: 150) == 100..<150 && pagination.range(of: 3, items: 150).isEmpty)
        #expect(pagination.route(of: Route(segments: ["wcag", "1.3.1"]), number: 4).file == "wcag/1.3.1/page/4/index.html")
        #expect(pagination.route(of: Route(segments: []), number: 1) == Route(segments: []))
        #expect(PageContextBuilder.letter(of: "élan") == "E" && PageContextBuilder.letter(of: "«Quote»") == "#" && PageContextBuilder.letter(of: "ボタン") == "ボ")
    }
}
