import Foundation
import Testing
@testable import GuideSiteCore

/// What every site of a run shares is kept once, in the first site's state (`LastBuild+Run`):
/// another site's state is only read with the first's of the same run.
@Suite("The states of a run's sites")
struct RunStateTests {
    @Test("a subset's state holds no file list, stamps or problems of its own and takes the first site's; one from another run declines the patch, and the build that follows equals a fresh one")
    func sharedOnce() throws {
        var files = SitesOnDiskTests.entries(12)
        // In the forms subset, its link to a media entry is text: its body's identity differs.
        files["Content/native/pointing.md"] = "---\ntitle: Pointing\ncategories: [forms]\n---\n## Role\n\nSee [one](../web/entry-1.md).\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        func build(into folder: String? = nil) -> BuildResult { SitesOnDiskTests.build(site, into: folder) }
        #expect(build().outcome == .success)
        let output = site.root.appending(path: "Output")
        let first = LastBuild.location(root: site.root, output: output), second = LastBuild.location(root: site.root, output: output, site: 1)
        let earlier = try Data(contentsOf: second)

        try site.write(Data("---\ntitle: Entry 3\ncategories: [forms]\n---\n## Role\n\nEdited.\n".utf8), to: "Content/web/entry-3.md")
        try site.age(by: 100, only: ["Content/web/entry-3.md"])
        #expect(build().pagesRendered != nil, "a body edit patches every site")
        let main = try #require(LastBuild.read(from: first) { _, _ in true })
        let subset = try #require(LastBuild.read(from: second) { _, _ in true })
        #expect(main.holdsRun && !subset.holdsRun && main.run == subset.run)
        #expect(subset.stamps.isEmpty && subset.files.isEmpty && subset.markdownPaths.isEmpty && subset.fileDiagnostics.isEmpty)
        let shared = try #require(subset.sharing(main))
        #expect(shared.stamps == main.stamps && shared.files == main.files && shared.holdsFiles && shared.site.pages.count == subset.site.pages.count)
        #expect(try Data(contentsOf: second).count < (try Data(contentsOf: first).count))
        // Read with the first site's pages, those recorded the same are taken, the others decoded.
        let known = try #require(KnownPages(main))
        let taking = try #require(LastBuild.read(from: second, known: known) { _, _ in true })
        let data = try #require(subset.pagesData)
        let taken = subset.records.filter { range in data.withUnsafeBytes { known.page(recorded: UnsafeRawBufferPointer(rebasing: $0[range])) } != nil }
        let entries = subset.site.pages.filter { $0.kind == .entry }.count
        #expect(taken.count >= entries && taken.count < subset.records.count, "\(taken.count) of \(subset.records.count)")
        #expect(taking.site.pages == subset.site.pages && taking.site.pages.map(\.body.identity) == subset.site.pages.map(\.body.identity))
        let pointing = try #require(subset.site.pages.firstIndex { $0.contentPath == "native/pointing.md" })
        let full = try #require(main.site.pages.first { $0.contentPath == "native/pointing.md" })
        #expect(full.body.identity != subset.site.pages[pointing].body.identity)
        #expect(data.withUnsafeBytes { known.page(recorded: UnsafeRawBufferPointer(rebasing: $0[subset.records[pointing]])) }?.body.identity
                    == subset.site.pages[pointing].body.identity, "taken from the full site's, with its own identity")

        // The subset's state of the first run, beside the first site's of the second.
        try earlier.write(to: second)
        try site.write(Data("---\ntitle: Entry 5\ncategories: [media]\n---\n## Role\n\nEdited too.\n".utf8), to: "Content/web/entry-5.md")
        try site.age(by: 50, only: ["Content/web/entry-5.md"])
        let result = build()
        #expect(result.pagesRendered == nil)
        #expect(result.timings.contains { $0.stage.hasPrefix("patch: not patched: the state of") && $0.stage.hasSuffix("was not written with the first site's") },
                "\(result.timings.map(\.stage))")
        let reference = build(into: "Output-fresh")
        let differing = BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-fresh"))
        #expect(differing.isEmpty && result.diagnostics == reference.diagnostics, "\(differing)")
        #expect(build().upToDate)
    }
}
