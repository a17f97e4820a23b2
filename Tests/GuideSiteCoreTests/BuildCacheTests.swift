import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Incremental rebuilds")
struct BuildCacheTests {
    func memoryBuild(_ site: TestSite, cache: BuildCache) -> (BuildResult, [String: Data]) {
        let output = MemoryOutput()
        let result = SiteBuilder().build(BuildRequest(root: site.root), into: output, cache: cache)
        return (result, output.files)
    }

    @Test("a rebuild with nothing changed reuses every parse, body and page")
    func nothingChanged() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let cache = BuildCache()
        let (_, first) = memoryBuild(site, cache: cache)
        let (result, second) = memoryBuild(site, cache: cache)
        #expect(result.outcome == .success)
        #expect(second == first)
        #expect(cache.statistics.parsed == 0)
        #expect(cache.statistics.markdownRendered == 0)
        #expect(cache.statistics.pagesRendered == 0)
        #expect(cache.statistics.pagesReused == result.pagesWritten)
    }

    @Test("an edit of an entry's body re-renders that entry only")
    func bodyEdit() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let cache = BuildCache()
        _ = memoryBuild(site, cache: cache)
        try site.write(Data("---\ntitle: Button\norder: 1\n---\nUse `<button>` always.\n".utf8), to: "Content/web/button.md")
        let (_, files) = memoryBuild(site, cache: cache)
        #expect(cache.statistics.parsed == 1)
        #expect(cache.statistics.markdownRendered == 1)
        #expect(cache.statistics.pagesRendered == 1)
        #expect(String(decoding: files["web/button/index.html"]!, as: UTF8.self).contains("always."))
    }

    @Test("a changed title re-renders every page that shows it, and the result equals a full build")
    func titleEdit() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let cache = BuildCache()
        _ = memoryBuild(site, cache: cache)
        try site.write(Data("---\ntitle: Push button\norder: 1\ncategories: [controls]\n---\nUse it.\n".utf8), to: "Content/web/button.md")
        let (_, incremental) = memoryBuild(site, cache: cache)
        #expect(cache.statistics.pagesRendered > 3)
        let (_, fresh) = memoryBuild(site, cache: BuildCache())
        #expect(incremental == fresh)
        #expect(String(decoding: incremental["web/index.html"]!, as: UTF8.self).contains("Push button"))
        #expect(String(decoding: incremental["categories/controls/index.html"]!, as: UTF8.self).contains("Push button"))
    }

    @Test("a changed layout re-renders the pages that use it, and only those")
    func layoutEdit() throws {
        var files = Fixtures.site()
        files["Templates/layouts/page.mustache"] = "<p>{{page.title}}</p>"
        let site = try TestSite(files)
        defer { site.remove() }
        let cache = BuildCache()
        let (first, _) = memoryBuild(site, cache: cache)
        try site.write(Data("<p>Page: {{page.title}}</p>".utf8), to: "Templates/layouts/page.mustache")
        let (_, rebuilt) = memoryBuild(site, cache: cache)
        let pageLayoutCount = first.pagesWritten - cache.statistics.pagesReused
        #expect(cache.statistics.pagesRendered == pageLayoutCount)
        #expect(String(decoding: rebuilt["about/index.html"]!, as: UTF8.self) == "<p>Page: About us</p>")
    }

    @Test("the in-memory site is byte-identical to what build writes")
    func memoryEqualsDisk() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let (_, memory) = memoryBuild(site, cache: BuildCache())
        site.build()
        var disk = try site.snapshot()
        disk[SiteWriter.markerName] = nil
        #expect(memory == disk)
    }
}
