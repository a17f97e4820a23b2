import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Search index")
struct SearchIndexTests {
    static let files = [
        "site.yml": "title: Guide\nsections:\n  native: {title: Native apps}\n  web: {title: Web}\ncategories:\n  pickers: {title: Pickers}\n"
            + "subsets:\n  ios:\n    sections: [native]\n",
        "Content/index.md": "Home",
        "Content/about.md": "# About\n\nWho writes this guide.\n",
        "Content/native/wheel-picker.md": """
            ---
            title: Wheel picker
            description: Spins through values
            categories: [pickers]
            wcag: [2.4.7, 1.3.1]
            ---
            ## iOS

            Use `UIPickerView`, &amp; <b>adjustable</b> traits. \(String(repeating: "Filler words here. ", count: 40))

            ## Android
            """,
        "Content/web/button.md": "---\ntitle: Button\n---\n## Web\n\nA [native](https://example.org) button.\n",
    ]

    /// The index's JSON, without the assignment that makes it a script.
    func index(_ site: TestSite, _ path: String = "search/index.js") throws -> [String: Any] {
        let script = try String(decoding: Data(contentsOf: site.root.appending(path: "Output/" + path)), as: UTF8.self)
        let prefix = "GuideSite.searchIndex = ", suffix = ";\n"
        #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix))
        let json = Data(script.dropFirst(prefix.count).dropLast(suffix.count).utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test("the criteria table is every criterion an indexed page cites, found through the site's citing pages or page by page")
    func criteriaTable() {
        func page(_ path: String, _ numbers: [String], kind: PageKind? = nil) -> Page {
            var page = SiteAssemblerTests.page(path, title: path)
            page.criteria = numbers.map { CriterionReference(number: $0, fromFrontMatter: true, fromBody: false) }
            if let kind { page.kind = kind }
            return page
        }
        let pages = [page("native/picker.md", ["2.4.7", "1.3.1"]), page("web/button.md", ["4.1.2", "1.3.1"]), page("about.md", ["1.4.3"]),
                     page("web/old.md", ["2.1.1"], kind: .notFound)]
        let site = SiteAssembler().assemble(pages: pages, assets: [], config: SiteConfig(), strings: ThemeStrings.english)
        #expect(!site.criterionPages.isEmpty)
        #expect(site.pages.contains { !SiteAssembler.citingKinds.contains($0.kind) && !$0.criteria.isEmpty }, "a page read page by page")
        for order in [SearchablePages.searchable(site), Array(site.pages.indices), [site.pages.firstIndex { $0.title == "web/button.md" }!]] {
            var expected: [String] = []
            for index in order { for reference in site.pages[index].criteria where !expected.contains(reference.number) { expected.append(reference.number) } }
            expected.sort { (WCAG22.position[$0] ?? .max, $0) < (WCAG22.position[$1] ?? .max, $1) }
            let made = SearchIndex.maker(for: site, order: order).criterionIndex.sorted { $0.value < $1.value }.map(\.key)
            #expect(made == expected, "\(order)")
        }
    }

    @Test("JSON strings checked for escapes eight bytes at a time agree with the check of each byte")
    func jsonEscapeCheck() {
        func byByte(_ text: String) -> Bool {
            text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 }
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "\"", "\\", "\n", "\u{1F}", " ", "\u{7F}", "é", "\u{2028}", "—", "bcdefgh", "\u{0}", "!", "~"]
        var texts = ["", "abcdefgh\"", "abcdefg\u{1F}", "\u{2029}abcdefgh", "abcdefghijklmnop"]
        for _ in 0..<4000 {
            texts.append((0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            #expect(JSONWriter.needsEscape(text) == byByte(text), "\(Array(text.utf8))")
        }
    }

    @Test("titles, headings, section, categories, platforms, criteria and trimmed text, sorted by title")
    func contents() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let json = try index(site)
        #expect(json["format"] as? String == "guidesite-search/2")
        #expect(json["fields"] as? [String] == ["title", "href", "section", "categories", "platforms", "criteria", "headings", "description", "text", "keywords"],
                "entries are read by these names (search.js), in this order")
        #expect(json["sections"] as? [[String]] == [["native", "Native apps"], ["web", "Web"]])
        #expect(json["categories"] as? [[String]] == [["pickers", "Pickers"]])
        #expect(json["platforms"] as? [String] == ["iOS", "Android", "Web"])
        #expect(json["criteria"] as? [[String]] == [["1.3.1", "Info and Relationships", "A"], ["2.4.7", "Focus Visible", "AA"]])
        let entries = try #require(json["entries"] as? [[Any]])
        #expect(entries.map { $0[0] as? String } == ["About", "Button", "Wheel picker"], "entries and plain pages, A to Z; no home or generated pages")
        let picker = try #require(entries.last)
        #expect(picker[1] as? String == "native/wheel-picker/", "from the site's root")
        #expect(picker[2] as? Int == 0)
        #expect(picker[3] as? [Int] == [0])
        #expect(picker[4] as? [Int] == [0, 1], "iOS and Android sections")
        #expect(picker[5] as? [Int] == [0, 1], "1.3.1 and 2.4.7")
        #expect(picker[6] as? String == "iOS\nAndroid")
        #expect(picker[7] as? String == "Spins through values")
        let text = try #require(picker[8] as? String)
        #expect(text.hasPrefix("Use UIPickerView, & adjustable traits. Filler words here."), "tags gone, entities decoded: \(text.prefix(60))")
        #expect(!text.contains("Link to section"), "heading anchors are not text")
        #expect(text.count <= SearchIndex.bodyLimit && text.hasSuffix("here."), "cut at a word boundary: \(text.suffix(20))")
        #expect(entries[1][4] as? [Int] == [2])
        #expect(entries[0][2] as? Int == -1, "a page outside sections")
    }

    @Test("every page has the search form; /search/ lists every page A to Z; a subset's index has only its pages")
    func pages() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        var request = BuildRequest(root: site.root)
        request.allSubsets = true
        #expect(SiteBuilder().build(request).outcome == .success)
        for (page, action) in ["index.html": "./search/", "native/wheel-picker/index.html": "../../search/", "wcag/index.html": "../search/", "404.html": "/search/"] {
            let html = try site.html(page)
            #expect(html.contains("<form class=\"site-search\" role=\"search\" aria-label=\"Search this guide\" action=\"\(action)\" method=\"get\">"), "\(page)")
            #expect(html.contains("<label for=\"site-search-q\" class=\"visually-hidden\">Search terms</label>"))
        }
        let search = try site.html("search/index.html")
        #expect(search.contains("data-index=\"../search/meta.js\" data-root=\"../\""))
        #expect(search.contains("<script src=\"../assets/search.js\" defer></script>"))
        #expect(search.contains("role=\"status\""))
        let listed = search.components(separatedBy: "id=\"search-all\"")[1]
        let order = ["About", "Button", "Wheel picker"].map { listed.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "A to Z")
        #expect(search.contains("<option value=\"pickers\">Pickers</option>"))
        #expect(search.contains("<option value=\"Android\">Android</option>"))

        let subset = try index(site, "subsets/ios/search/index.js")
        let titles = (subset["entries"] as? [[Any]])?.map { $0[0] as? String }
        #expect(titles == ["About", "Wheel picker"], "the ios subset's index leaves the web entry out")
        #expect(try site.html("subsets/ios/search/index.html").contains("data-index=\"../search/meta.js\""))
        #expect(FileManager.default.fileExists(atPath: site.root.appending(path: "Output/assets/search.js").path))
    }
}

extension SearchIndexTests {
    @Test("the index in pieces holds the site's searchable pages: a subset's only its own")
    func pieces() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        var request = BuildRequest(root: site.root)
        request.allSubsets = true
        #expect(SiteBuilder().build(request).outcome == .success)
        func titles(_ folder: String) throws -> [String] {
            let meta = try Data(contentsOf: site.root.appending(path: "Output/\(folder)search/meta.js"))
            let count = try #require(SearchShards.value(of: meta, name: "meta") as? [String: Any])["count"] as? Int ?? 0
            return try stride(from: 0, to: count, by: SearchShards.groupSize).flatMap { group -> [String] in
                let data = try Data(contentsOf: site.root.appending(path: "Output/\(folder)search/d/\(group / SearchShards.groupSize).js"))
                let records = try #require(SearchShards.value(of: data, name: "d/\(group / SearchShards.groupSize)") as? [[Any]])
                return records.compactMap { $0[0] as? String }
            }
        }
        #expect(try titles("") == ["About", "Button", "Wheel picker"])
        #expect(try titles("subsets/ios/") == ["About", "Wheel picker"])
        let picker = try Data(contentsOf: site.root.appending(path: "Output/search/t/wuip.js"))
        #expect(String(decoding: picker, as: UTF8.self).contains("\"uipickerview\""), "code in the text is found by its name")
    }
}

extension SearchIndexTests {
    @Test("the preview reloads the search page when its index or a piece of it changes")
    func searchPageOfPieces() {
        #expect(SearchablePages.searchPage(ofScript: "search/index.js") == "search/")
        #expect(SearchablePages.searchPage(ofScript: "search/t/but.js") == "search/")
        #expect(SearchablePages.searchPage(ofScript: "fr/search/meta.js") == "fr/search/")
        #expect(SearchablePages.searchPage(ofScript: "assets/search.js") == nil)
        #expect(SearchablePages.searchPage(ofScript: "research/t/x.js") == nil)
        #expect(SearchablePages.searchPage(ofScript: "search/t/x/y.js") == nil)
    }
}
