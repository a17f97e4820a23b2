import Foundation
import Testing
@testable import GuideSiteCore

/// A page's key reads how many pages cite each of its criteria only when its layout may show
/// it (`LayoutKeys.citingCounts`): an entry added then renders again the entries citing its
/// criteria with a theme that shows the counts, and takes them from the last output without.
@Suite("What an entry's key reads of the criteria it cites")
struct CitingCountsTests {
    @Test("an entry added citing a criterion: the entries citing it too are rendered again where their layout shows how many pages cite it, taken from the last build where it does not; both equal a fresh build, on disk and in the preview", arguments: [false, true])
    func added(showsCounts: Bool) throws {
        // Eight entries sharing a category and a criterion: each one's five related entries score
        // two, so the new one (the criterion alone) changes none of their lists.
        var files = ["Content/index.md": "---\ntitle: Home\n---\nHi.\n"]
        for number in 0..<8 {
            files["Content/web/entry-\(number).md"] = "---\ntitle: Entry \(number)\ncategories: [forms]\nwcag: [1.4.3]\n---\n## Role\n\nText \(number).\n"
        }
        files["Content/native/media.md"] = "---\ntitle: Media\ncategories: [media]\n---\n## Role\n\nPlays.\n"
        if showsCounts { files["Templates/layouts/entry.mustache"] = RandomEditTests.countingLayout }
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        let before = try modified("Output/web/entry-0/index.html", in: site)
        try site.write(Data("---\ntitle: New\ncategories: [media]\nwcag: [1.4.3]\n---\n## Role\n\nNew.\n".utf8), to: "Content/native/new.md")
        try site.age(by: 100, only: ["Content/native/new.md", "Content/native"])

        let result = SitesOnDiskTests.build(site)
        let page = try String(contentsOf: site.root.appending(path: "Output/web/entry-0/index.html"), encoding: .utf8)
        #expect(page.contains("<li>1.4.3: 9 pages</li>") == showsCounts, "\(page)")
        // Without the counts on it, the page is the live output's file, linked: its time kept.
        #expect((try modified("Output/web/entry-0/index.html", in: site) == before) == !showsCounts, "\(page)")
        let reference = SitesOnDiskTests.build(site, into: "Output-full")
        let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full"))
        #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "\(differing)")

        // The preview, from its last build in memory.
        let preview = MemoryOutput(), fresh = MemoryOutput()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: preview, memory: memory)
        var afresh = BuildRequest(root: site.root)
        afresh.fresh = true
        _ = SiteBuilder().build(afresh, into: fresh, memory: BuildMemory())
        let (a, b) = (preview.files, fresh.files)
        #expect(Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.isEmpty)
    }

    private func modified(_ path: String, in site: TestSite) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: site.root.appending(path: path).path)[.modificationDate] as? Date
    }
}
