import Foundation
import Testing
@testable import GuideSiteCore

/// A patch's links ask the pages path by path what the table of a whole build maps: the same
/// route for every path, whichever page claims it first, last or by its address.
@Suite("Route lookup")
struct RouteLookupTests {
    static func page(_ path: String, route: Route? = nil, translates: String? = nil) -> Page {
        var page = Page(sourcePath: "Content/" + path, contentPath: path, kind: .entry, section: nil,
                        route: route ?? Placement(contentPath: path).route, frontMatter: FrontMatter(), title: path, layout: "entry",
                        body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
        page.translates = translates
        return page
    }

    /// Pages whose paths collide in each way the table resolves: a translation claiming its
    /// source's path, an `index.md` standing for its folder, an address that is another page's
    /// path, pages of no file, non-ASCII paths and addresses, the same path twice.
    static let pages: [Page] = [
        page("native/picker.md"),
        page("fr/native/picker.md", route: Route(segments: ["fr", "native", "picker"]), translates: "native/picker.md"),
        page("guides/index.md", route: Route(segments: ["guides"])),
        page("guides.md", route: Route(segments: ["elsewhere"])),
        page("index.md", route: Route(segments: [])),
        page("web/carousel.md", route: Route(segments: ["native", "picker.md"])),
        page("", route: Route(segments: ["categories", "forms"])),
        page("", route: Route(segments: ["generated"]), translates: "web/ghost.md"),
        page("web/café.md", route: Route(segments: ["web", "café"])),
        page("web/cafe\u{301}.md", route: Route(segments: ["web", "other"])),
        page("native/picker.md", route: Route(segments: ["duplicate"])),
        page("de/index.md", route: Route(segments: ["de"]), translates: "index.md"),
        page("web/button.md", route: Route(file: "web/button.html")),
        // An address whose first scalar after the slash is a combining mark.
        page("web/mark.md", route: Route(segments: ["\u{301}mark"])),
    ]

    static let keys = Set(pages.flatMap { page in page.linkPaths + [page.route.path, page.route.path.trimming("/")] })
        .union(["guides", "", "de", "missing.md", "web/café", "native/picker.md/", "/guides/"])

    @Test("path by path, each key maps to the route the table maps it to", arguments: [false, true])
    func sameAsTable(skipsGenerated: Bool) {
        let table = RouteLookup.table(of: skipsGenerated ? Self.pages.filter { !$0.contentPath.isEmpty } : Self.pages)
        #expect(table["guides"] == Route(segments: ["guides"]) && table["native/picker.md"]?.path == "/fr/native/picker/")
        for key in Self.keys.sorted() {
            #expect(RouteLookup.route(of: key, in: Self.pages, skipsGenerated: skipsGenerated) == table[key], "\(key)")
        }
    }

    @Test("past its scans the lookup makes the table, and answers the same")
    func makesTheTable() {
        var made = 0
        let lookup = RouteLookup(scans: 3, find: { RouteLookup.route(of: $0, in: Self.pages, skipsGenerated: true) },
                                 make: { made += 1; return RouteLookup.table(of: Self.pages.filter { !$0.contentPath.isEmpty }) })
        let table = RouteLookup.table(of: Self.pages.filter { !$0.contentPath.isEmpty })
        for key in Self.keys.sorted() + Self.keys.sorted() { #expect(lookup[key] == table[key], "\(key)") }
        #expect(made == 1)
    }

    @Test("a subset's left-out pages, by path and by address, the last one's first")
    func excluded() {
        let pages: [(contentPath: String, route: Route)] = [
            ("web/a.md", Route(segments: ["web", "a"])), ("web/b.md", Route(segments: ["web", "a"])),
            ("web/a", Route(segments: ["c"])), ("x/index.md", Route(file: "x.html")),
        ]
        var table: [String: Route] = [:]
        for page in pages {
            table[page.contentPath] = page.route
            table[page.route.path.trimming("/")] = page.route
        }
        let lookup = RouteLookup.excluded(pages)
        for key in table.keys.sorted() + ["web", "missing"] { #expect(lookup[key] == table[key], "\(key)") }
    }
}
