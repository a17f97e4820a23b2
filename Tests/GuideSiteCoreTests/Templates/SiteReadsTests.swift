import Foundation
import Testing
@testable import GuideSiteCore

@Suite("A page's values record the parts of the site they read")
struct SiteReadsTests {
    /// `shared`: the web entries share a category (and so are related to each other).
    static func files(shared: Bool = true) -> [String: String] {
        var files = ["Content/index.md": "---\ntitle: Home\n---\nHi.\n"]
        for name in ["alpha", "bravo", "charlie", "delta"] {
            files["Content/web/\(name).md"] = "---\ntitle: \(name.capitalized)\ncategories: [\(shared ? "media" : name)]\n---\nText.\n"
        }
        files["Content/native/echo.md"] = "---\ntitle: Echo\n---\nText.\n"
        return files
    }

    static func parts(_ site: Site, of path: String? = nil, route: String? = nil) throws -> (index: Int, parts: [SitePart]) {
        let index = try #require(site.pages.firstIndex { page in path.map { page.contentPath == $0 } ?? (page.route.path == route) })
        var builder = PageContextBuilder(site: site, basePath: "/", precomputeLinks: false)
        let reads = SiteReads()
        builder.reads = reads
        _ = builder.context(for: index)
        return (index, reads.parts)
    }

    @Test("an entry of a long section reads itself and its neighbours, not the other entries nor those of another section; of a short one, every entry the navigation lists")
    func entry() throws {
        var site = try PageContextBuilderTests.site(Self.files(shared: false))
        let index = { (path: String) in site.pages.firstIndex { $0.contentPath == path }! }
        site.config.pagination.size = 3
        let (bravo, parts) = try Self.parts(site, of: "web/bravo.md")
        #expect(parts.contains(.page(bravo)))
        #expect(parts.contains(.page(index("web/alpha.md"))) && parts.contains(.page(index("web/charlie.md"))), "\(parts)")
        #expect(!parts.contains(.page(index("web/delta.md"))) && !parts.contains(.page(index("native/echo.md"))), "\(parts)")
        #expect(parts.contains(.sectionSize("web")) && !parts.contains(.sectionEntries("web")), "\(parts)")

        site.config.pagination.size = 100
        let short = try Self.parts(site, of: "web/bravo.md").parts
        #expect(short.contains(.sectionEntries("web")) && short.contains(.page(index("web/delta.md"))), "\(short)")
        #expect(!short.contains(.page(index("native/echo.md"))), "\(short)")
    }

    @Test("a list page reads its list, whose part holds the items in order, and each item it shows")
    func list() throws {
        let site = try PageContextBuilderTests.site(Self.files())
        let (category, parts) = try Self.parts(site, route: "/categories/media/")
        #expect(parts.contains(.list(category)), "\(parts)")
        let builder = PageContextBuilder(site: site, basePath: "/")
        guard case .indices(let items?) = builder.value(of: .list(category)) else { Issue.record("no list"); return }
        #expect(items.map { site.pages[$0].title } == ["Alpha", "Bravo", "Charlie", "Delta"])
        for item in items { #expect(parts.contains(.page(item))) }
    }

    @Test("a part's value moves with what it holds: a title moves its page's part, not the frame")
    func values() throws {
        let site = try PageContextBuilderTests.site(Self.files())
        var renamed = site
        let bravo = try #require(site.pages.firstIndex { $0.contentPath == "web/bravo.md" })
        renamed.pages[bravo].title = "Bravo two"
        let (before, after) = (PageContextBuilder(site: site, basePath: "/"), PageContextBuilder(site: renamed, basePath: "/"))
        #expect(before.value(of: .frame) == after.value(of: .frame))
        #expect(before.value(of: .page(bravo)) != after.value(of: .page(bravo)))
        #expect(before.value(of: .page(bravo + 1)) == after.value(of: .page(bravo + 1)))
    }
}
