import Foundation
import Testing
@testable import GuideSiteCore

/// A category, a criterion or a section that comes or goes moves the positions every search
/// document holds (its section, categories and criteria are positions in the index's tables):
/// the last index's documents are moved to the new tables rather than made again from pages a
/// state on disk holds without their text, and every entry's acceptance part, which reads only
/// its own section's title, is taken from the live files.
@Suite("Sections, categories and criteria that come and go")
struct SearchTablesMovedTests {
    static func entry(_ number: Int, categories: String, wcag: String = "[2.1.1]") -> String {
        "---\ntitle: Entry \(number)\ncategories: \(categories)\nwcag: \(wcag)\nkeyboard:\n  tab: |\n    Focus reaches entry \(number).\n---\n"
            + "## Role\n\nText \(number).\n"
    }

    /// Twelve entries with acceptance criteria, in lists of seven pages, and a subset.
    static func site() throws -> TestSite {
        var files = ["site.yml": "pagination: {size: 7}\nsubsets:\n  forms:\n    categories: [forms]\n", "Content/index.md": "---\ntitle: Home\n---\nHi.\n"]
        for number in 0..<12 {
            files["Content/web/entry-\(number).md"] = entry(number, categories: number % 3 == 0 ? "[forms]" : "[media]")
        }
        return try TestSite(files)
    }

    /// A category comes, a criterion, a section (an entry in a new folder); then each goes.
    static let steps: [(path: String, text: String?)] = [
        ("Content/web/entry-1.md", entry(1, categories: "[media, gestures]")),
        ("Content/web/entry-2.md", entry(2, categories: "[media]", wcag: "[2.1.1, 2.5.3]")),
        ("Content/patterns/pattern.md", entry(20, categories: "[forms]", wcag: "[1.3.1]")),
        ("Content/web/entry-1.md", entry(1, categories: "[media]")),
        ("Content/patterns/pattern.md", nil),
        ("Content/web/entry-2.md", entry(2, categories: "[media]")),
    ]

    static func apply(_ step: Int, to site: TestSite) throws {
        let change = steps[step]
        if let text = change.text {
            try site.write(Data(text.utf8), to: change.path)
            try site.age(by: TimeInterval(100 - step), only: [change.path, (change.path as NSString).deletingLastPathComponent])
        } else {
            try FileManager.default.removeItem(at: site.root.appending(path: change.path))
        }
    }

    @Test("on disk, every site of the run is patched when a category, criterion or section comes or goes; each step equals a fresh build")
    func onDisk() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        for step in Self.steps.indices {
            try Self.apply(step, to: site)
            let (result, differing, same) = try FilesMovedTests.compare(site, step: step)
            #expect(result.pagesRendered != nil, "step \(step): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
    }

    @Test("in the preview, a category, criterion or section that comes or goes is patched; each step equals a fresh build")
    func inMemory() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.age()
        try FilesMovedLanguagesTests.patchedInMemory(site, steps: Self.steps.count) { try Self.apply($0, to: site) }
    }

    @Test("an entry that brings a section with a file of its own into a subset builds every site, which the subset's page of that file needs; it equals a fresh build")
    func ownSectionPage() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.write(Data("---\ntitle: Patterns\n---\nPatterns.\n".utf8), to: "Content/patterns/_index.md")
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        try site.write(Data(Self.entry(20, categories: "[forms]").utf8), to: "Content/patterns/pattern.md")
        try site.age(by: 100, only: ["Content/patterns/pattern.md", "Content/patterns"])
        let (result, differing, same) = try FilesMovedTests.compare(site, step: 0)
        #expect(result.timings.contains { $0.stage == "patch: not patched: an entry that came into a subset brings a section with a file of its own into it" },
                "\(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
        #expect(differing.isEmpty && same, "\(differing)")
    }

    @Test("a category a subset names that goes with an edit is the error a fresh build reports, on disk and in the preview")
    func subsetCategoryGone() throws {
        for inMemory in [false, true] {
            let site = try Self.site()
            defer { site.remove() }
            try site.write(Data("subsets:\n  forms:\n    categories: [forms, media]\n".utf8), to: "site.yml")
            try site.age()
            let memory = BuildMemory()
            func build(fresh: Bool = false) -> BuildResult {
                guard inMemory else { return SitesOnDiskTests.build(site, into: fresh ? "Output-fresh" : nil) }
                // The preview of the subset (`serve --subset forms`).
                var request = BuildRequest(root: site.root)
                request.subset = "forms"
                return SiteBuilder().build(request, into: MemoryOutput(), memory: fresh ? BuildMemory() : memory)
            }
            #expect(build().outcome == .success)
            for (step, number) in [0, 3, 6, 9].enumerated() {
                try site.write(Data(Self.entry(number, categories: "[media]").utf8), to: "Content/web/entry-\(number).md")
                try site.age(by: TimeInterval(100 - step), only: ["Content/web/entry-\(number).md"])
                let result = build(), fresh = build(fresh: true)
                #expect(result.outcome == fresh.outcome && result.diagnostics == fresh.diagnostics, "in memory: \(inMemory), step \(step)")
            }
            let again = build()
            #expect(again.diagnostics.contains { $0.message.hasPrefix("subset `forms` names the category `forms`") }, "in memory: \(inMemory): \(again.diagnostics.map(\.message))")
        }
    }

    @Test("a document moved to tables where a category came is the one made against them; one naming a row the new tables lack is not moved")
    func positions() {
        let old = SearchShards.Tables(sections: [["web", "Web"]], categories: [["forms", "Forms"], ["media", "Media"]], platforms: ["iOS"],
                                      criteria: [["2.1.1", "Keyboard", "A"]])
        let new = SearchShards.Tables(sections: [["patterns", "Patterns"], ["web", "Web"]], categories: [["forms", "Forms"], ["gestures", "Gestures"], ["media", "Media"]],
                                      platforms: ["iOS"], criteria: [["1.3.1", "Info and Relationships", "A"], ["2.1.1", "Keyboard", "A"]])
        let document = SearchDocument(title: "A", href: "web/a/", section: 0, categories: [0, 1], platforms: [0], criteria: [0],
                                      headings: "", description: "", text: "Text.", keywords: "")
        let moved = old.positions(in: new).moved(document)
        #expect(moved?.section == 1 && moved?.categories == [0, 2] && moved?.criteria == [1] && moved?.platforms == [0])
        #expect(moved?.levels(criteria: new.criterionNames) == document.levels(criteria: old.criterionNames))
        var gone = new
        gone.categories.removeLast()
        #expect(old.positions(in: gone).moved(document) == nil)
    }
}
