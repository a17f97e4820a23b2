import Foundation
import Testing
@testable import GuideSiteCore

/// Markdown files added and removed since the last build on disk: each site of the run patched
/// (`Basis.withFilesMoved`), equal to a fresh build.
@Suite("Files added and removed, patched on disk")
struct FilesMovedTests {
    /// Builds from the last build and afresh into another folder; their files and problems.
    static func compare(_ site: TestSite, step: Int) throws -> (result: BuildResult, differing: [String], same: Bool) {
        let result = SitesOnDiskTests.build(site)
        let reference = SitesOnDiskTests.build(site, into: "Output-full-\(step)")
        let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full-\(step)"))
        try? FileManager.default.removeItem(at: site.root.appending(path: "Output-full-\(step)"))
        return (result, differing, result.diagnostics == reference.diagnostics)
    }

    @Test("entries added and removed patch every site: a list gains and loses a numbered page, a broken link is mended and broken again (its suggestion with it), an alias's redirect comes and goes, an entry the subset leaves out is text there; each step equals a fresh build")
    func addedAndRemoved() throws {
        var files = SitesOnDiskTests.entries(12)
        files["site.yml"] = "pagination: {size: 7}\nsubsets:\n  forms:\n    categories: [forms]\n"
        files["Content/web/linking.md"] = "---\ntitle: Linking\ncategories: [forms]\n---\n## Role\n\nSee [the new one](fresh.md) and [another](fresh-one.md#role).\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success && SitesOnDiskTests.build(site).upToDate)
        let steps: [(path: String, text: String?)] = [
            ("Content/web/fresh.md", "---\ntitle: Fresh\ncategories: [media]\naliases: [/old/fresh/]\n---\n## Role\n\nFresh.\n"),
            ("Content/web/fresh-one.md", "---\ntitle: Fresh one\ncategories: [forms]\n---\n## Role\n\nAnother.\n"),
            ("Content/web/fresh.md", nil),
            ("Content/web/fresh-one.md", nil),
        ]
        for (step, change) in steps.enumerated() {
            if let text = change.text {
                try site.write(Data(text.utf8), to: change.path)
                try site.age(by: TimeInterval(100 - step), only: [change.path, "Content/web"])
            } else {
                try FileManager.default.removeItem(at: site.root.appending(path: change.path))
            }
            let (result, differing, same) = try Self.compare(site, step: step)
            #expect(result.pagesRendered != nil, "step \(step): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
        #expect(!site.exists("web/page/3/index.html") && !site.exists("old/fresh/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.root.appending(path: "Output/web/fresh").path), "its folder went too")
    }

    @Test("a file added that a full build would not place as patched declines: a section's own page, an address of its own, a draft, a new category (the search index's tables); each build equals a fresh one")
    func declined() throws {
        let site = try TestSite(SitesOnDiskTests.entries(6))
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        let steps: [(path: String, text: String, reason: String)] = [
            ("Content/web/index.md", "---\ntitle: The web\n---\nAbout.\n", "a section's or the home page's file was added"),
            ("Content/web/placed.md", "---\ntitle: Placed\npermalink: /elsewhere/\n---\nBody.\n", "an added file's page is not an entry or page"),
            ("Content/web/draft.md", "---\ntitle: Draft\ndraft: true\n---\nBody.\n", "an edited file is unreadable or a draft"),
            ("Content/web/novel.md", "---\ntitle: Novel\ncategories: [novel]\n---\nBody.\n", "the search index's tables changed"),
        ]
        for (step, change) in steps.enumerated() {
            try site.write(Data(change.text.utf8), to: change.path)
            try site.age(by: TimeInterval(100 - step), only: [change.path, "Content/web"])
            let (result, differing, same) = try Self.compare(site, step: step)
            #expect(result.pagesRendered == nil, "step \(step)")
            #expect(result.timings.contains { $0.stage.hasPrefix("patch: not patched: " + change.reason) }, "step \(step): \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
    }
}
