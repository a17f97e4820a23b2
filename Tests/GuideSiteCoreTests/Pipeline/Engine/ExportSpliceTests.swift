import Foundation
import Testing
@testable import GuideSiteCore

/// A title edit on disk splices the edited entries' parts into the export files the live
/// output holds, and writes no other.
@Suite("Export files spliced after a title edit")
struct ExportSpliceTests {
    /// `count` entries with tests in the web section (their parts of the exports), built twice.
    static func built(_ count: Int) throws -> TestSite {
        var files = SitesOnDiskTests.entries(count)
        for (path, text) in files where path.hasPrefix("Content/web/") {
            files[path] = text.replacingOccurrences(of: "\n---\n", with: "\nkeyboard:\n  tab: Focus moves\n---\n")
        }
        let site = try TestSite(files)
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success && SitesOnDiskTests.build(site).upToDate)
        return site
    }

    @Test("a title edit on disk writes the edited entry's parts into criteria.json, acceptance.csv and the one script of three holding it (the other two are left as they were, in each site), and every site equals a fresh build")
    func titleEdit() throws {
        // 401 entries: three scripts of the basket in the full site, one in the forms subset.
        let site = try Self.built(401)
        defer { site.remove() }
        func build(into folder: String? = nil) -> BuildResult { SitesOnDiskTests.build(site, into: folder) }
        let scripts = (0..<3).map { "Output/acceptance/\($0).js" }
        let exports = scripts + ["Output/criteria.json", "Output/acceptance.csv", "Output/subsets/forms/acceptance/0.js"]
        try site.age(by: 1000, only: exports)
        func rewritten(_ path: String) throws -> Bool {
            let date = try FileManager.default.attributesOfItem(atPath: site.root.appending(path: path).path)[.modificationDate] as? Date
            return try #require(date) > Date(timeIntervalSinceNow: -500)
        }
        // Entry 3 is in the forms subset too.
        let path = "Content/web/entry-3.md"
        let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
        try site.write(Data(text.replacingOccurrences(of: "title: Entry 3\n", with: "title: Entry 3 renamed\n").utf8), to: path)
        try site.age(by: 100, only: [path])
        let before = try site.snapshot()
        let result = build()
        #expect(result.outcome == .success && result.pagesRendered != nil, "the sites are linked anew from their last builds")
        // The pages rendered are those showing the edit (the criteria pages and lists GuideSite
        // makes read the last site's pages as its state holds them, and key the same).
        let pages = try site.snapshot().filter { $0.key.hasSuffix(".html") && before[$0.key] != $0.value }.count
        #expect(pages > 0 && (result.pagesRendered ?? .max) <= 2 * pages, "\(result.pagesRendered ?? -1) rendered, \(pages) changed")
        // Every part but the edited entry's, in both sites (400 and 133).
        #expect(SitesOnDiskTests.partsTaken(result) == 533, "\(result.timings.map(\.stage))")
        #expect(try scripts.filter(rewritten).count == 1, "only the script holding entry 3 is written again")
        for path in ["Output/criteria.json", "Output/acceptance.csv", "Output/subsets/forms/acceptance/0.js"] {
            #expect(try rewritten(path), "\(path) holds the edited entry")
            let written = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
            #expect(written.contains("Entry 3 renamed"), "\(path)")
        }
        let reference = build(into: "Output-full")
        let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full"))
        #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "\(differing)")
        // And the layout kept: a second title edit, spliced from the first's, is the same bytes again.
        try site.write(Data(text.replacingOccurrences(of: "title: Entry 3\n", with: "title: Entry 3, twice renamed and longer\n").utf8), to: path)
        try site.age(by: 50, only: [path])
        let again = build()
        #expect(again.pagesRendered != nil && SitesOnDiskTests.partsTaken(again) == 533)
        build(into: "Output-again")
        #expect(BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-again")).isEmpty)
    }
}

extension ExportSpliceTests {
    @Test("a title edit after criteria.json was taken out of the live output declines rather than make the other entries' parts from pages read without their tests, and equals a fresh build")
    func exportsGone() throws {
        let site = try Self.built(30)
        defer { site.remove() }
        func build(into folder: String? = nil) -> BuildResult { SitesOnDiskTests.build(site, into: folder) }
        try FileManager.default.removeItem(at: site.root.appending(path: "Output/criteria.json"))
        let path = "Content/web/entry-3.md"
        let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
        try site.write(Data(text.replacingOccurrences(of: "title: Entry 3\n", with: "title: Entry 3 renamed\n").utf8), to: path)
        try site.age(by: 100, only: [path])
        let result = build()
        #expect(result.outcome == .success)
        let reference = build(into: "Output-full")
        let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full"))
        #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "\(differing)")
    }
}
