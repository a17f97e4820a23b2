import Foundation
import Testing
@testable import GuideSiteCore

/// Markdown files added and removed in a site of several languages: an entry of the default
/// language without translations, and a translation named by its file, are patched in every
/// language's site, on disk and in memory; what moves which page translates which otherwise
/// builds every site.
@Suite("Files added and removed in several languages")
struct FilesMovedLanguagesTests {
    /// English and French (`folder`: English in its own folder too), twelve entries, two translated.
    static func site(folder: Bool) throws -> TestSite {
        var files = SitesOnDiskTests.entries(12)
        files["site.yml"] = "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\npagination: {size: 7}\n"
            + (folder ? "default-language-in-folder: true\n" : "") + "subsets:\n  forms:\n    categories: [forms]\n"
        files["Content/web/entry-0.fr.md"] = "---\ntitle: Entrée 0\n---\n## Rôle\n\nTexte 0.\n"
        files["Content/web/entry-3.fr.md"] = "---\ntitle: Entrée 3\n---\n## Rôle\n\nTexte 3, voir [le nouveau](fresh.md).\n"
        files["Content/web/linking.md"] = "---\ntitle: Linking\ncategories: [forms]\n---\n## Role\n\nSee [the new one](fresh.md).\n"
        return try TestSite(files)
    }

    /// An entry added, another, the first removed, then the second: each patched in every site.
    static let steps: [(path: String, text: String?)] = [
        ("Content/web/fresh.md", "---\ntitle: Fresh\ncategories: [forms]\naliases: [/old/fresh/]\n---\n## Role\n\nFresh.\n"),
        ("Content/web/a-fresh-one.md", "---\ntitle: A fresh one\ncategories: [media]\n---\n## Role\n\nAnother.\n"),
        ("Content/web/fresh.md", nil),
        ("Content/web/a-fresh-one.md", nil),
    ]

    /// Translations named by their files added and removed: a first one for an entry (its page
    /// in French taking the place of the link to English), one in the language's folder, the
    /// site's own translation removed and made again.
    static let translationSteps: [(path: String, text: String?)] = [
        ("Content/web/entry-1.fr.md", "---\ntitle: Entrée 1\n---\n## Rôle\n\nTexte, voir [zéro](entry-0.md).\n"),
        ("Content/fr/web/entry-4.md", "---\ntitle: Entrée 4\ncategories: [forms]\n---\nTexte 4.\n"),
        ("Content/web/entry-1.fr.md", nil),
        ("Content/web/entry-0.fr.md", nil),
        ("Content/fr/web/entry-4.md", nil),
        ("Content/web/entry-0.fr.md", "---\ntitle: Entrée zéro\n---\n## Rôle\n\nDe retour.\n"),
    ]

    static func apply(_ step: (path: String, text: String?), to site: TestSite) throws {
        if let text = step.text {
            try site.write(Data(text.utf8), to: step.path)
        } else {
            try FileManager.default.removeItem(at: site.root.appending(path: step.path))
        }
    }

    /// What comes and goes: entries of the default language, or translations named by their files.
    enum Moved: String, CaseIterable, Sendable {
        case entries, translations
        var steps: [(path: String, text: String?)] { self == .entries ? FilesMovedLanguagesTests.steps : FilesMovedLanguagesTests.translationSteps }
    }

    @Test("on disk, entries of the default language and translations named by their files added and removed patch every language's site and subset; each step equals a fresh build",
          arguments: Moved.allCases, [false, true])
    func onDisk(moved: Moved, folder: Bool) throws {
        let site = try Self.site(folder: folder)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        for (step, change) in moved.steps.enumerated() {
            try Self.apply(change, to: site)
            let folders = [change.path, (change.path as NSString).deletingLastPathComponent, "Content/fr"]
            try site.age(by: TimeInterval(100 - step), only: folders.filter { FileManager.default.fileExists(atPath: site.root.appending(path: $0).path) })
            let (result, differing, same) = try FilesMovedTests.compare(site, step: step)
            #expect(result.pagesRendered != nil, "step \(step): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
    }

    @Test("in the preview, entries of the default language and translations named by their files added and removed patch both languages' sites; each step equals a fresh build",
          arguments: Moved.allCases, [false, true])
    func inMemory(moved: Moved, folder: Bool) throws {
        let site = try Self.site(folder: folder)
        defer { site.remove() }
        try site.age()
        try Self.patchedInMemory(site, steps: moved.steps.count) { try Self.apply(moved.steps[$0], to: site) }
    }

    /// Builds `site` in the preview (of `subset`), then after each of `steps` changes
    /// (`change(step)`) from the last build and afresh: each must be patched (one that fails
    /// too, and the next from the last good build), and equal the fresh one.
    static func patchedInMemory(_ site: TestSite, subset: String? = nil, steps: Int, change: (Int) throws -> Void) throws {
        func build(_ memory: BuildMemory) -> (BuildResult, [String: Data]) {
            let output = MemoryOutput()
            var request = BuildRequest(root: site.root)
            request.subset = subset
            return (SiteBuilder().build(request, into: output, memory: memory), output.files)
        }
        let memory = BuildMemory()
        #expect(build(memory).0.outcome == .success)
        for step in 0..<steps {
            try change(step)
            let (result, output) = build(memory)
            let (fresh, expected) = build(BuildMemory())
            #expect(result.patched && (result.pagesRendered != nil || fresh.outcome == .contentErrors),
                    "subset \(subset ?? "none"), step \(step): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(result.outcome == fresh.outcome && result.diagnostics == fresh.diagnostics, "subset \(subset ?? "none"), step \(step)")
            guard fresh.outcome == .success else { continue }
            #expect(BuildIncrementallyTests.differences(output, expected).isEmpty, "subset \(subset ?? "none"), step \(step): \(BuildIncrementallyTests.differences(output, expected))")
        }
    }

    @Test("what moves which page translates which otherwise builds every site: a source with translations removed, a page naming its key, a translation with its source or of a draft (the draft added itself is patched); each equals a fresh build")
    func declined() throws {
        let site = try Self.site(folder: false)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        // (A draft added is patched: a file without a page.)
        let steps: [(path: String, text: String?, reason: String?)] = [
            ("Content/web/entry-3.md", nil, "a page with translations, or one translating by `ref:` or `lang:`, was removed"),
            ("Content/web/keyed.md", "---\ntitle: Keyed\ntranslationKey: keyed\n---\nBody.\n", "an added page names its language or key"),
            ("Content/web/both.fr.md", "---\ntitle: Les deux\n---\nTexte.\n", "a translation was added with its source, or for none"),
            ("Content/web/draft.md", "---\ntitle: Draft\ndraft: true\n---\nBody.\n", nil),
            ("Content/web/draft.fr.md", "---\ntitle: Brouillon\n---\nTexte.\n", "a translation's source has no page in the first site"),
        ]
        for (step, change) in steps.enumerated() {
            try Self.apply((change.path, change.text), to: site)
            try site.age(by: TimeInterval(100 - step), only: [change.path, "Content/web"].filter { FileManager.default.fileExists(atPath: site.root.appending(path: $0).path) })
            let (result, differing, same) = try FilesMovedTests.compare(site, step: step)
            #expect((result.pagesRendered == nil) == (change.reason != nil), "step \(step)")
            #expect(change.reason.map { reason in result.timings.contains { $0.stage.hasPrefix("patch: not patched: " + reason) } } ?? true,
                    "step \(step): \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
    }
}
