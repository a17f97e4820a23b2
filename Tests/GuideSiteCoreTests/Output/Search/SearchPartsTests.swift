import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Search index parts kept between builds")
struct SearchPartsTests {
    static func site(_ pages: [Page]) -> Site {
        SiteAssembler().assemble(pages: pages, assets: [], config: SiteConfig(), strings: ThemeStrings.english)
    }

    static func page(_ path: String, title: String, text: String, criteria: [String] = []) -> Page {
        var page = SiteAssemblerTests.page(path, title: title)
        page.body = RenderedBody(html: "<p>\(text)</p>", headings: [])
        page.criteria = criteria.map { CriterionReference(number: $0, fromFrontMatter: true, fromBody: false) }
        return page
    }

    static let pages = [page("native/picker.md", title: "Picker", text: "Spins", criteria: ["2.4.7"]),
                        page("web/button.md", title: "Button", text: "Presses", criteria: ["4.1.2"]),
                        page("web/link.md", title: "Link", text: "Goes", criteria: ["2.4.7"])]

    /// What the parts made anew hold, in index order.
    static func fresh(_ site: Site) -> [(SearchDocument, [UInt8], [String: Int])] {
        SearchIndex.parts(for: site, reusing: nil).made.map { ($0.document, Array($0.entry.bytes), Dictionary(uniqueKeysWithValues: $0.levels)) }
    }

    static func same(_ parts: SearchParts, _ site: Site) -> Bool {
        let made = parts.made.map { ($0.document, Array($0.entry.bytes), Dictionary(uniqueKeysWithValues: $0.levels)) }
        let expected = fresh(site)
        return made.count == expected.count && zip(made, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }
    }

    @Test("a page equal to the one a part was made from takes it, moved to other tables; an edited page and an added one make theirs")
    func reuse() throws {
        let first = Self.site(Self.pages)
        var last = SearchIndex.parts(for: first, reusing: nil)
        // A marked part shows which pages took theirs from the last build.
        let marked = try #require(last.made.firstIndex { $0.document.title == "Button" })
        last.made[marked].document.title = "taken"

        let taken = SearchIndex.parts(for: first, reusing: last)
        #expect(taken.made.map(\.document.title).contains("taken"))

        // The button's text edited: made again; the others taken, and the whole as made anew.
        var edited = Self.pages
        edited[1].body = RenderedBody(html: "<p>Clicks</p>", headings: [])
        let second = Self.site(edited)
        let remade = SearchIndex.parts(for: second, reusing: SearchIndex.parts(for: first, reusing: nil))
        #expect(Self.same(remade, second))
        #expect(!SearchIndex.parts(for: second, reusing: last).made.map(\.document.title).contains("taken"))

        // An entry added (documents renumbered, the same tables) and one citing a new criterion
        // (other tables: every document's criterion positions move with them).
        let added = Self.site(Self.pages + [Self.page("web/alert.md", title: "Alert", text: "Warns", criteria: ["2.4.7"])])
        #expect(Self.same(SearchIndex.parts(for: added, reusing: last), added) == false, "the marked part is taken")
        #expect(SearchIndex.parts(for: added, reusing: last).made.map(\.document.title).contains("taken"))
        let cited = Self.site(Self.pages + [Self.page("web/alert.md", title: "Alert", text: "Warns", criteria: ["1.4.3"])])
        #expect(last.tables != SearchIndex.parts(for: cited, reusing: nil).tables)
        #expect(SearchIndex.parts(for: cited, reusing: last).made.map(\.document.title).contains("taken"), "a part made against other tables is moved to these")
        #expect(Self.same(SearchIndex.parts(for: cited, reusing: SearchIndex.parts(for: first, reusing: nil)), cited), "and is the one made against them")
    }
}
