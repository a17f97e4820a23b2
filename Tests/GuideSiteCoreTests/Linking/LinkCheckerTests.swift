import Foundation
import Testing
@testable import GuideSiteCore

/// The links authors wrote, checked against the linked site.
@Suite("Link checker")
struct LinkCheckerTests {
    /// A site of three pages; the picker's links are `links`.
    static func site(links: [String]) -> (Site, Int) {
        func page(_ path: String, _ title: String, headings: [String] = [], links: [String] = []) -> Page {
            let placement = Placement(contentPath: path)
            var body = RenderedBody(html: "", headings: headings.map { Heading(level: 2, text: $0, id: $0, line: 3) })
            body.links = links.enumerated().map { SourceLink(target: $1, line: 10 + $0, column: 3) }
            return Page(sourcePath: "Content/" + path, contentPath: path, kind: placement.kind, section: placement.section,
                        route: placement.route, frontMatter: FrontMatter(), title: title, layout: "entry", body: body,
                        markdown: "", bodyFirstLine: 1)
        }
        var config = SiteConfig()
        config.permalinks = [:]
        let pages = [
            page("native/picker.md", "Picker", headings: ["ios"], links: links),
            page("native/menu.md", "Menu", headings: ["focus", "ios"]),
            page("web/button.md", "Button"),
        ]
        let assets = [ContentFile(path: "/site/Content/native/picker.png", relativePath: "native/picker.png", kind: .asset)]
        let site = SiteAssembler().assemble(pages: pages, assets: assets, config: config, strings: ThemeStrings.english)
        let index = site.pages.firstIndex { $0.contentPath == "native/picker.md" }!
        return (site, index)
    }

    @Test("links that reach a page, a heading, a copied file or a page's address are fine", arguments: [
        "menu.md", "menu.md#focus", "../web/button.md", "/web/button.md", "/web/button/", "../menu/", "#ios", "picker.png",
        "https://example.org/", "mailto:a@example.org",
    ])
    func fine(link: String) {
        let (site, index) = Self.site(links: [link])
        #expect(LinkChecker(site: site, assets: ["native/picker.png"]).check(index).isEmpty)
    }

    @Test("broken links are warnings at their line and column, naming the closest page or heading", arguments: [
        ("menus.md", "Content/native/picker.md:10:3: warning: [broken-link] broken link `menus.md`: no page or file there; the closest page is `native/menu.md`"),
        ("menu.md#focuss", "Content/native/picker.md:10:3: warning: [broken-link] broken link `menu.md#focuss`: Menu has no heading with the id `focuss`; did you mean `#focus`?"),
        ("#android", "Content/native/picker.md:10:3: warning: [broken-link] broken link `#android`: Picker has no heading with the id `android`"),
        ("../../etc/passwd", "Content/native/picker.md:10:3: warning: [broken-link] broken link `../../etc/passwd`: it leaves Content/"),
    ])
    func broken(link: String, expected: String) {
        let (site, index) = Self.site(links: [link])
        let problems = LinkChecker(site: site, assets: []).check(index).map(\.description)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix(expected) == true, "\(problems)")
    }
}
