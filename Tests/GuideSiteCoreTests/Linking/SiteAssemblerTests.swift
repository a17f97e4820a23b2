import Foundation
import Testing
@testable import GuideSiteCore

/// Pages put together into a site: generated pages, section order, reading order, redirects.
@Suite("Site assembler")
struct SiteAssemblerTests {
    static func page(_ path: String, title: String, order: Double? = nil, aliases: [String] = []) -> Page {
        var matter = FrontMatter()
        matter.order = order
        matter.aliases = aliases
        let placement = Placement(contentPath: path)
        return Page(sourcePath: "Content/" + path, contentPath: path, kind: placement.kind, section: placement.section,
                    route: placement.route, frontMatter: matter, title: title, layout: "entry",
                    body: RenderedBody(html: "", headings: []), markdown: "", bodyFirstLine: 1)
    }

    @Test("home, 404, section and reference pages are generated when no file gives them")
    func generated() {
        let site = SiteAssembler().assemble(pages: [Self.page("native/picker.md", title: "Picker")], assets: [], config: SiteConfig(), strings: ThemeStrings.english)
        let kinds = Set(site.pages.map(\.kind))
        #expect(kinds.isSuperset(of: [.home, .notFound, .section, .entry, .search, .criteriaIndex, .coverage, .criterion]))
        #expect(site.pages[site.home].kind == .home)
        #expect(site.sections.map(\.name) == ["native"])
        #expect(site.sections[0].title == "Native")
        #expect(site.pageIndex[Route(segments: ["native", "picker"])] != nil)
    }

    @Test("sections in site.yml's order, then the others by name; entries by order, then title")
    func order() {
        var config = SiteConfig()
        config.sections = [SiteConfig.Section(name: "web", title: "Web"), SiteConfig.Section(name: "native", title: "Apps")]
        let pages = [
            Self.page("native/b.md", title: "Bravo"), Self.page("native/a.md", title: "Alpha"),
            Self.page("native/z.md", title: "Zulu", order: 1), Self.page("web/x.md", title: "X"), Self.page("aaa/y.md", title: "Y"),
        ]
        let site = SiteAssembler().assemble(pages: pages, assets: [], config: config, strings: ThemeStrings.english)
        #expect(site.sections.map(\.name) == ["web", "native", "aaa"])
        #expect(site.sections[1].title == "Apps")
        #expect(site.sections[1].entries.map { site.pages[$0].title } == ["Zulu", "Alpha", "Bravo"])
    }

    @Test("each alias is a redirect page to its entry, outside every list")
    func redirects() throws {
        let site = SiteAssembler().assemble(pages: [Self.page("web/button.md", title: "Button", aliases: ["/web/old-button/", "/web/button/"])],
                                            assets: [], config: SiteConfig(), strings: ThemeStrings.english)
        let redirects = site.pages.filter { $0.kind == .redirect }
        #expect(redirects.map(\.route.path) == ["/web/old-button/"], "an alias that is the page's own path is no redirect")
        #expect(redirects.first?.subject == "/web/button/")
        #expect(redirects.first?.sourcePath == "Content/web/button.md")
        let index = try #require(site.pageIndex[Route(segments: ["web", "old-button"])])
        #expect(!site.sections.flatMap(\.entries).contains(index))
    }

    @Test("two pages claiming one path through aliases is an error naming both")
    func aliasClash() throws {
        let site = try TestSite([
            "Content/web/a.md": "---\ntitle: A\naliases: [/web/old/]\n---\nA.\n",
            "Content/web/b.md": "---\ntitle: B\naliases: [/web/old/]\n---\nB.\n",
            "Content/web/c.md": "---\ntitle: C\naliases: [/web/a/]\n---\nC.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .contentErrors)
        let clashes = result.diagnostics.filter { $0.category == "duplicate-url" }.map(\.message)
        #expect(clashes.contains { $0.contains("Content/web/a.md") && $0.contains("Content/web/b.md") && $0.contains("web/old/index.html") })
        #expect(clashes.contains { $0.contains("Content/web/a.md") && $0.contains("Content/web/c.md") && $0.contains("web/a/index.html") })
    }
}
