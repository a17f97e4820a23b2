import Foundation
import Testing
@testable import GuideSiteCore

/// An edit with an error is patched like any other (its output discarded, its problems a full
/// build's), and in the preview the last good build stays, so the edit that mends it is patched
/// too; an entry whose tests are taken out loses its `.feature` file and its basket mark in lists.
@Suite("Edits with errors, and tests taken out, patched")
struct ErrorsPatchedTests {
    static let broken = "---\ntitle: [unclosed\n---\nText.\n"

    /// A layout given to an entry; a file broken, another edited while it fails, the first
    /// mended; the entry with a layout broken (which loses it), then mended with another.
    static let steps: [(path: String, text: String, fails: Bool)] = [
        ("Content/web/entry-8.md", PagesMovedTests.entry(8, extra: "layout: entry\n"), false),
        ("Content/web/entry-5.md", broken, true),
        ("Content/web/entry-6.md", PagesMovedTests.entry(6, extra: "description: Edited while another fails.\n"), true),
        ("Content/web/entry-5.md", PagesMovedTests.entry(5), false),
        ("Content/web/entry-8.md", broken, true),
        ("Content/web/entry-8.md", PagesMovedTests.entry(8, extra: "layout: page\n"), false),
    ]

    static func tested(_ number: Int, tests: Bool) -> String {
        "---\ntitle: Entry \(number)\ncategories: [forms]\n" + (tests ? "keyboard:\n  tab: |\n    Focus moves\n" : "") + "---\n## Role\n\nText \(number).\n"
    }

    @Test("in the preview an edit with an error is patched and the last good build kept: an edit of another file while it fails and the edit that mends it, each named alone by the watcher, are patched too; each step's problems, then its site, equal a fresh build's")
    func preview() throws {
        let site = try PagesMovedTests.site()
        defer { site.remove() }
        try site.age()
        func build(_ memory: BuildMemory, changes: Set<String>?) -> (BuildResult, [String: Data]) {
            let output = MemoryOutput()
            var request = BuildRequest(root: site.root)
            request.knownChanges = changes
            return (SiteBuilder().build(request, into: output, memory: memory), output.files)
        }
        let memory = BuildMemory()
        #expect(build(memory, changes: nil).0.outcome == .success)
        for (step, change) in Self.steps.enumerated() {
            try site.write(Data(change.text.utf8), to: change.path)
            try site.age(by: TimeInterval(100 - step), only: [change.path])
            let (result, output) = build(memory, changes: [site.root.appending(path: change.path).standardizedFileURL.path])
            let (fresh, expected) = build(BuildMemory(), changes: nil)
            #expect(result.patched, "step \(step): \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(fresh.outcome == (change.fails ? .contentErrors : .success), "step \(step)")
            #expect(result.outcome == fresh.outcome && result.diagnostics == fresh.diagnostics, "step \(step)")
            guard fresh.outcome == .success else { continue }
            #expect(result.pagesRendered != nil, "step \(step)")
            #expect(BuildIncrementallyTests.differences(output, expected).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(output, expected))")
        }
    }

    @Test("on disk, with every subset, an edit with an error is patched and leaves the output, its spare and the last build's state as they were, so the edit that mends it is patched; each equals a fresh build")
    func onDisk() throws {
        let site = try PagesMovedTests.site()
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        // A full build that replaces the output leaves a spare, which the patches take.
        let settings = try String(contentsOf: site.root.appending(path: "site.yml"), encoding: .utf8)
        try site.write(Data((settings + "description: Edited.\n").utf8), to: "site.yml")
        try site.age(by: 200, only: ["site.yml"])
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        for (step, change) in Self.steps.enumerated() {
            let before = try site.snapshot()
            try site.write(Data(change.text.utf8), to: change.path)
            try site.age(by: TimeInterval(100 - step), only: [change.path])
            let (result, differing, same) = try FilesMovedTests.compare(site, step: step)
            #expect(result.outcome == (change.fails ? .contentErrors : .success) && same, "step \(step)")
            #expect(result.patched, "step \(step): \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty, "step \(step): \(differing)")
            if change.fails { #expect(try site.snapshot() == before, "step \(step): the failed build left the output as it was") }
        }
    }

    @Test("an entry whose tests are taken out and put back is patched on disk and in the preview: its .feature file goes and comes back, and lists mark it for the basket or not, as a fresh build does")
    func testsTakenOut() throws {
        var files = SitesOnDiskTests.entries(4)
        files["site.yml"] = "subsets:\n  forms:\n    categories: [forms]\n"
        files["Content/web/tested.md"] = Self.tested(9, tests: true)
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success && site.exists("web/tested/tested.feature"))
        for (step, tests) in [false, true].enumerated() {
            try site.write(Data(Self.tested(9, tests: tests).utf8), to: "Content/web/tested.md")
            try site.age(by: TimeInterval(100 - step), only: ["Content/web/tested.md"])
            let (result, differing, same) = try FilesMovedTests.compare(site, step: step)
            #expect(result.pagesRendered != nil && same && differing.isEmpty, "step \(step): \(differing)")
            #expect(site.exists("web/tested/tested.feature") == tests && site.exists("subsets/forms/web/tested/tested.feature") == tests)
        }
        try FilesMovedLanguagesTests.patchedInMemory(site, steps: 2) { step in
            try site.write(Data(Self.tested(9, tests: step == 1).utf8), to: "Content/web/tested.md")
            try site.age(by: TimeInterval(50 - step), only: ["Content/web/tested.md"])
        }
    }
}
