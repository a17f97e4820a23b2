import Foundation
import Testing
@testable import GuideSiteCore

@Suite("A page is rendered again only when the values it shows moved: a body edit renders its page, a title edit the pages that show the title")
struct RenderedPageTests {
    @Test("a body edit renders its page alone; a title edit makes again the values of the pages that read it and renders those showing it; each equal to a fresh build")
    func rendered() throws {
        let site = try TestSite(PageBodyTests.files())
        defer { site.remove() }
        let memory = BuildMemory()
        let first = try PageBodyTests.build(site, memory, step: 0)
        let pages = first.runs[RenderedPage.self]
        #expect(pages > 20 && first.runs[PageContext.self] == pages, "\(first.runs)")

        try site.write(Data("---\ntitle: Delta\ncategories: [media]\n---\n## Role\n\nOther text.\n".utf8), to: "Content/web/delta.md")
        let body = try PageBodyTests.build(site, memory, step: 1, edited: ["Content/web/delta.md"])
        // Delta in English: the French site, which has no translation of it, writes no page for it.
        #expect(body.runs[PageContexts.self] == 0 && body.runs[PageContext.self] == 1 && body.runs[RenderedPage.self] == 1, "\(body.runs)")
        #expect(PageBodyTests.text(body.output, "web/delta/index.html").contains("Other text."))
        #expect(BuildIncrementallyTests.differences(body.output.files, PageBodyTests.fresh(site).files).isEmpty)

        try site.write(Data("---\ntitle: Delta renamed\ncategories: [media]\n---\n## Role\n\nOther text.\n".utf8), to: "Content/web/delta.md")
        let title = try PageBodyTests.build(site, memory, step: 2, edited: ["Content/web/delta.md"])
        // Its page, its neighbours, its section, category and search pages, the lists: not the criteria, the forms category.
        let (made, rendered) = (title.runs[PageContext.self], title.runs[RenderedPage.self])
        #expect(title.runs[PageContexts.self] == 2 && made < pages / 2, "\(made) of \(pages): \(title.runs)")
        #expect(rendered > 4 && rendered <= made, "\(rendered) of \(made)")
        #expect(PageBodyTests.text(title.output, "categories/media/index.html").contains("Delta renamed"))
        #expect(BuildIncrementallyTests.differences(title.output.files, PageBodyTests.fresh(site).files).isEmpty)
    }

    @Test("a template edited renders again the pages of its layout alone; a layout no page names renders none")
    func templates() throws {
        let site = try TestSite(PageBodyTests.files())
        defer { site.remove() }
        let memory = BuildMemory()
        let first = try PageBodyTests.build(site, memory, step: 0)
        let unused = try PageBodyTests.build(site, memory, step: 1)
        #expect(unused.runs[PageContext.self] == 0 && unused.runs[RenderedPage.self] == 0, "\(unused.runs)")

        #expect(!PageBodyTests.text(first.output, "index.html").isEmpty)
        let home = try #require(DefaultTheme.files()["layouts/home.mustache"])
        try site.write(home + Data("<!-- edited -->\n".utf8), to: "Templates/layouts/home.mustache")
        let edited = try PageBodyTests.build(site, memory, step: 2, edited: ["Templates/layouts/home.mustache"])
        // The home page in English and in French, its values (let go after each build) made again.
        #expect(edited.runs[PageContexts.self] == 0 && edited.runs[PageContext.self] == 2 && edited.runs[RenderedPage.self] == 2, "\(edited.runs)")
        #expect(PageBodyTests.text(edited.output, "index.html").contains("<!-- edited -->"))
        #expect(BuildIncrementallyTests.differences(edited.output.files, PageBodyTests.fresh(site).files).isEmpty)
    }
}
