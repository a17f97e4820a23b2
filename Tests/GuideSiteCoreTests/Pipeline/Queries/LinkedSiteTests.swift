import Foundation
import Testing
@testable import GuideSiteCore

@Suite("A site is put together from its pages' headers: a body edit that moves no header cuts it off")
struct LinkedSiteTests {
    @Test("a body edit: headers computed again, none changed, the site not put together again; a title edit: each site put together again, its lists showing the title; each equal to a fresh build")
    func cutOff() throws {
        let site = try TestSite(PageBodyTests.files())
        defer { site.remove() }
        let memory = BuildMemory()
        let first = try PageBodyTests.build(site, memory, step: 0)
        #expect(first.runs[LinkedSite.self] == 2, "English and French")

        try site.write(Data("---\ntitle: Delta\ncategories: [media]\n---\n## Role\n\nOther text.\n".utf8), to: "Content/web/delta.md")
        let body = try PageBodyTests.build(site, memory, step: 1, edited: ["Content/web/delta.md"])
        #expect(body.runs[PageHeader.self] == 2 && body.runs[LinkedSite.self] == 0, "\(body.runs)")
        #expect(PageBodyTests.text(body.output, "web/delta/index.html").contains("Other text."))
        #expect(BuildIncrementallyTests.differences(body.output.files, PageBodyTests.fresh(site).files).isEmpty)

        let renamed = "---\ntitle: Delta renamed\ncategories: [media]\n---\n## Role\n\nOther text.\n"
        try site.write(Data(renamed.utf8), to: "Content/web/delta.md")
        let title = try PageBodyTests.build(site, memory, step: 2, edited: ["Content/web/delta.md"])
        #expect(title.runs[PageHeader.self] == 2 && title.runs[LinkedSite.self] == 2, "\(title.runs)")
        #expect(PageBodyTests.text(title.output, "categories/media/index.html").contains("Delta renamed"))
        #expect(BuildIncrementallyTests.differences(title.output.files, PageBodyTests.fresh(site).files).isEmpty)
    }
}
