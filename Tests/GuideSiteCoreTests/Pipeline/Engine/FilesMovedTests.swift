import Foundation
import Testing
@testable import GuideSiteCore

/// Markdown files added and removed since the last build, on disk and in the preview's memory:
/// each site of the run patched (`Basis.withFilesMoved`), equal to a fresh build.
@Suite("Files added and removed, patched")
struct FilesMovedTests {
    /// Builds from the last build and afresh into another folder; their files (when the build
    /// succeeds: a failed one leaves the last output as it was) and problems.
    static func compare(_ site: TestSite, step: Int) throws -> (result: BuildResult, differing: [String], same: Bool) {
        let result = SitesOnDiskTests.build(site)
        let reference = SitesOnDiskTests.build(site, into: "Output-full-\(step)")
        let differing = reference.outcome == .success
            ? BuildIncrementallyTests.differences(try site.snapshot(), try site.snapshot(of: "Output-full-\(step)")) : []
        try? FileManager.default.removeItem(at: site.root.appending(path: "Output-full-\(step)"))
        return (result, differing, result.outcome == reference.outcome && result.diagnostics == reference.diagnostics)
    }

    /// Twelve entries in pages of seven, a subset, and an entry linking to two not written yet.
    static func linkingSite() throws -> TestSite {
        var files = SitesOnDiskTests.entries(12)
        files["site.yml"] = "pagination: {size: 7}\nsubsets:\n  forms:\n    categories: [forms]\n"
        files["Content/web/linking.md"] = "---\ntitle: Linking\ncategories: [forms]\n---\n## Role\n\nSee [the new one](fresh.md) and [another](fresh-one.md#role).\n"
        let site = try TestSite(files)
        try site.age()
        return site
    }

    /// The entries it links to added (one with an alias, one the subset takes), then removed.
    static let steps: [(path: String, text: String?)] = [
        ("Content/web/fresh.md", "---\ntitle: Fresh\ncategories: [media]\naliases: [/old/fresh/]\n---\n## Role\n\nFresh.\n"),
        ("Content/web/fresh-one.md", "---\ntitle: Fresh one\ncategories: [forms]\n---\n## Role\n\nAnother.\n"),
        ("Content/web/fresh.md", nil),
        ("Content/web/fresh-one.md", nil),
    ]

    @Test("entries added and removed patch every site: a list gains and loses a numbered page, a broken link is mended and broken again (its suggestion with it), an alias's redirect comes and goes, an entry the subset leaves out is text there; each step equals a fresh build")
    func addedAndRemoved() throws {
        let site = try Self.linkingSite()
        defer { site.remove() }
        #expect(SitesOnDiskTests.build(site).outcome == .success && SitesOnDiskTests.build(site).upToDate)
        for (step, change) in Self.steps.enumerated() {
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

    @Test("in the preview, entries added and removed patch the site held in memory: a list gains and loses a numbered page, a link to the new entry leads there and breaks again, an alias's redirect comes and goes; each step equals a fresh build, and the next body edit is patched by the watcher's path")
    func addedAndRemovedInMemory() throws {
        let site = try Self.linkingSite()
        defer { site.remove() }
        let memory = BuildMemory()
        func build(_ memory: BuildMemory, changed: [String]? = nil) -> (BuildResult, [String: Data]) {
            var request = BuildRequest(root: site.root)
            request.knownChanges = changed.map { Set($0.map { site.root.appending(path: $0).standardizedFileURL.path }) }
            let output = MemoryOutput()
            return (SiteBuilder().build(request, into: output, memory: memory), output.files)
        }
        #expect(build(memory).0.outcome == .success)
        var last: [String: Data] = [:]
        for (step, change) in Self.steps.enumerated() {
            if let text = change.text {
                try site.write(Data(text.utf8), to: change.path)
            } else {
                try FileManager.default.removeItem(at: site.root.appending(path: change.path))
            }
            let (result, output) = build(memory)
            let (fresh, expected) = build(BuildMemory())
            #expect(result.pagesRendered != nil, "step \(step): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(BuildIncrementallyTests.differences(output, expected).isEmpty && result.diagnostics == fresh.diagnostics,
                    "step \(step): \(BuildIncrementallyTests.differences(output, expected))")
            last = output
        }
        #expect(last["web/page/3/index.html"] == nil && last["old/fresh/index.html"] == nil && last["web/fresh/index.html"] == nil)
        // The walk kept is the new one: a body edit the watcher reports is patched.
        try site.write(Data("---\ntitle: Entry 2\ncategories: [media]\n---\n## Role\n\nEdited.\n".utf8), to: "Content/web/entry-2.md")
        let (edited, output) = build(memory, changed: ["Content/web/entry-2.md"])
        #expect(edited.pagesRendered == 1 && BuildIncrementallyTests.differences(output, build(BuildMemory()).1).isEmpty)
    }

    /// Seeds 5 and 6: the full site and two subsets (odd: lists in pages of three).
    @Test("after random entries added, removed and edited, each site of the run equals a fresh build's, and a third of the adds and removes or more are patched", arguments: [5, 6])
    func randomAddsAndRemoves(seed: UInt64) throws {
        var random = RandomEditTests.Generator(state: seed)
        var yml = "subsets:\n  forms:\n    categories: [forms]\n  native:\n    sections: [native]\n"
        if seed % 2 == 1 { yml += "pagination: {size: 3}\n" }
        var files = ["site.yml": yml, "Content/index.md": "---\ntitle: Home\n---\nHi.\n"]
        // Entries 1 and 2, which bodies link to, stay; so does a forms entry (the subset's category).
        for number in 0..<8 {
            var text = RandomEditTests.entry(number, &random)
            while text.contains("broken:") || text.contains("draft:") || text.contains("permalink:") { text = RandomEditTests.entry(number, &random) }
            if number == 1, !text.contains("forms") { text = text.replacingOccurrences(of: "categories: [", with: "categories: [forms, ") }
            files["Content/\(number % 2 == 0 ? "native" : "web")/entry-\(number).md"] = text
        }
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        var present = Set(0..<8), moves = 0, movesPatched = 0
        for step in 0..<24 {
            let number = random.next(14)
            let path = "Content/\(number % 2 == 0 ? "native" : "web")/entry-\(number).md"
            let moved = !present.contains(number) || number > 2 && random.next(3) == 0
            if !present.contains(number) {
                // (Front matter that does not parse fails every build after it: none to patch.)
                var text = RandomEditTests.entry(number, &random)
                while text.contains("broken:") { text = RandomEditTests.entry(number, &random) }
                try site.write(Data(text.utf8), to: path)
                present.insert(number)
            } else if moved {
                try FileManager.default.removeItem(at: site.root.appending(path: path))
                present.remove(number)
            } else {
                let text = try String(contentsOf: site.root.appending(path: path), encoding: .utf8)
                try site.write(Data((text.components(separatedBy: "\n---\n")[0] + "\n---\n" + RandomEditTests.body(&random)).utf8), to: path)
            }
            try site.age(by: TimeInterval(1000 - step), only: [path, (path as NSString).deletingLastPathComponent].filter { FileManager.default.fileExists(atPath: site.root.appending(path: $0).path) })
            let (result, differing, same) = try Self.compare(site, step: step)
            #expect(differing.isEmpty && same, "seed \(seed), step \(step): \(path) \(differing)")
            guard differing.isEmpty && same else { return }
            if moved {
                moves += 1
                if result.pagesRendered != nil { movesPatched += 1 }
            }
        }
        // Some entries are drafts, have an address of their own, or bring a criterion or category
        // the site did not have: those build in full.
        #expect(moves >= 6 && movesPatched * 3 >= moves, "seed \(seed): \(movesPatched) of \(moves) adds and removes patched")
    }

    @Test("a file added that a full build would not place as patched declines: a section's own page, an address of its own, a translation of no page in a site of several languages; each build equals a fresh one")
    func declined() throws {
        let site = try TestSite(SitesOnDiskTests.entries(6))
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        let steps: [(path: String, text: String, reason: String)] = [
            ("Content/web/index.md", "---\ntitle: The web\n---\nAbout.\n", "a section's or the home page's file was added"),
            ("Content/web/placed.md", "---\ntitle: Placed\npermalink: /elsewhere/\n---\nBody.\n", "an added file's page is not an entry or page"),
        ]
        for (step, change) in steps.enumerated() {
            try site.write(Data(change.text.utf8), to: change.path)
            try site.age(by: TimeInterval(100 - step), only: [change.path, "Content/web"])
            let (result, differing, same) = try Self.compare(site, step: step)
            #expect(result.pagesRendered == nil, "step \(step)")
            #expect(result.timings.contains { $0.stage.hasPrefix("patch: not patched: " + change.reason) }, "step \(step): \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
        // In several languages, a translation of no page builds every site (a full build warns of it).
        let settings = try String(contentsOf: site.root.appending(path: "site.yml"), encoding: .utf8)
        try site.write(Data((settings + "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n").utf8), to: "site.yml")
        try site.age(by: 50, only: ["site.yml"])
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        try site.write(Data("---\ntitle: Entrée 1\n---\nTexte.\n".utf8), to: "Content/web/entry-99.fr.md")
        try site.age(by: 40, only: ["Content/web/entry-99.fr.md", "Content/web"])
        let (result, differing, same) = try Self.compare(site, step: steps.count)
        #expect(result.pagesRendered == nil && differing.isEmpty && same, "\(differing)")
        #expect(result.timings.contains { $0.stage == "patch: not patched: a translation was added with its source, or for none" },
                "\(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
    }
}
