import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Links are checked page by page: a page's links checked again when they or the site's pages and anchors moved")
struct SiteChecksTests {
    @Test("a body edit checks that page's links alone; a heading another page links to, renamed, checks every page again and reports the link; mended, the problem goes; each equal to a fresh build")
    func checks() throws {
        var files = PageBodyTests.files()
        files["Content/web/echo.md"] = "---\ntitle: Echo\ncategories: [media]\n---\nSee [its role](delta.md#role).\n"
        let site = try TestSite(files)
        defer { site.remove() }
        let memory = BuildMemory()
        _ = try PageBodyTests.build(site, memory, step: 0)

        try site.write(Data("---\ntitle: Charlie\ncategories: [media]\n---\n## Role\n\nOther text.\n".utf8), to: "Content/web/charlie.md")
        let body = try PageBodyTests.build(site, memory, step: 1, edited: ["Content/web/charlie.md"])
        #expect(body.runs[PageAnchors.self] == 2 && body.runs[PageLinkProblems.self] == 2, "\(body.runs)")
        #expect(body.runs[SiteLinkChecker.self] == 0, "its anchors stayed: \(body.runs)")

        try site.write(Data("---\ntitle: Delta\ncategories: [media]\n---\n## Name\n\nText.\n".utf8), to: "Content/web/delta.md")
        let renamed = try PageBodyTests.build(site, memory, step: 2, edited: ["Content/web/delta.md"])
        #expect(renamed.runs[SiteLinkChecker.self] == 2 && renamed.runs[PageLinkProblems.self] >= 10, "\(renamed.runs)")
        let problem = "echo.md:5:5: warning: [broken-link] broken link `delta.md#role`: Delta has no heading with the id `role`"
        #expect(renamed.result.printed.contains(problem), "\(renamed.result.printed)")
        var fresh = BuildRequest(root: site.root)
        fresh.fresh = true
        #expect(SiteBuilder().build(fresh, into: MemoryOutput(), memory: BuildMemory()).printed == renamed.result.printed)

        try site.write(Data("---\ntitle: Delta\ncategories: [media]\n---\n## Role\n\nText.\n".utf8), to: "Content/web/delta.md")
        let mended = try PageBodyTests.build(site, memory, step: 3, edited: ["Content/web/delta.md"])
        #expect(!mended.result.printed.contains("broken-link"))
        #expect(BuildIncrementallyTests.differences(mended.output.files, PageBodyTests.fresh(site).files).isEmpty)
    }

    @Test("a title edit checks no other page's links but those whose problem names the page: the message names the new title, equal to a fresh build")
    func retitled() throws {
        var files = PageBodyTests.files()
        files["Content/web/echo.md"] = "---\ntitle: Echo\ncategories: [media]\n---\nSee [its name](delta.md#name).\n"
        let site = try TestSite(files)
        defer { site.remove() }
        let memory = BuildMemory()
        _ = try PageBodyTests.build(site, memory, step: 0)

        try site.write(Data("---\ntitle: Charles\ncategories: [media]\n---\n## Role\n\nText of charlie.\n".utf8), to: "Content/web/charlie.md")
        let other = try PageBodyTests.build(site, memory, step: 1, edited: ["Content/web/charlie.md"])
        #expect(other.runs[SiteLinkChecker.self] == 2, "the site moved: \(other.runs)")
        #expect(other.runs[PageLinkProblems.self] == 2, "charlie's own, in each site: \(other.runs)")

        try site.write(Data("---\ntitle: Delta Two\ncategories: [media]\n---\n## Role\n\nText of delta.\n".utf8), to: "Content/web/delta.md")
        let named = try PageBodyTests.build(site, memory, step: 2, edited: ["Content/web/delta.md"])
        #expect(named.runs[PageLinkProblems.self] == 4, "delta's own and echo's, in each site: \(named.runs)")
        let problem = "echo.md:5:5: warning: [broken-link] broken link `delta.md#name`: Delta Two has no heading with the id `name`"
        #expect(named.result.printed.contains(problem), "\(named.result.printed)")
        var fresh = BuildRequest(root: site.root)
        fresh.fresh = true
        #expect(SiteBuilder().build(fresh, into: MemoryOutput(), memory: BuildMemory()).printed == named.result.printed)
        #expect(BuildIncrementallyTests.differences(named.output.files, PageBodyTests.fresh(site).files).isEmpty)
    }
}
