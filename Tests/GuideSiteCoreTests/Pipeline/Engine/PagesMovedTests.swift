import Foundation
import Testing
@testable import GuideSiteCore

/// Edited files whose pages come or go: a draft set or unset, a file made unreadable, an
/// entry an edit brings into a subset or takes out of it, and a page whose address moves. Each is patched as a file added or
/// removed, the files linking to it read again; each step equals a fresh build.
@Suite("Pages that come or go with an edit")
struct PagesMovedTests {
    static func entry(_ number: Int, categories: String = "[media]", extra: String = "") -> String {
        "---\ntitle: Entry \(number)\ncategories: \(categories)\n\(extra)---\n## Role\n\nText \(number), see [entry 2](entry-2.md#role).\n"
    }

    /// Nine web entries linking to entry 2, three of them forms, a subset of forms, and a
    /// native section the `native` subset takes.
    static func site(languages: Bool = false) throws -> TestSite {
        var files = ["Content/index.md": "---\ntitle: Home\n---\nHi.\n", "Content/native/picker.md": entry(20, categories: "[forms]")]
        files["site.yml"] = "pagination: {size: 4}\nsubsets:\n  forms:\n    categories: [forms]\n  native:\n    sections: [native]\n"
            + (languages ? "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n" : "")
        for number in 0..<9 { files["Content/web/entry-\(number).md"] = entry(number, categories: number % 3 == 0 ? "[forms]" : "[media]") }
        if languages { files["Content/web/entry-3.fr.md"] = "---\ntitle: Entrée 3\n---\n## Rôle\n\nTexte, voir [l'entrée 2](entry-2.md).\n" }
        return try TestSite(files)
    }

    /// Drafts set and unset, an entry into the forms subset and out, a draft added, edited and
    /// published, an entry made unreadable and mended, the entry every other links to given an
    /// address of its own and its own again.
    static let steps: [(path: String, text: String?)] = [
        ("Content/web/entry-2.md", entry(2, extra: "draft: true\n")),
        ("Content/web/entry-2.md", entry(2)),
        ("Content/web/entry-4.md", entry(4, categories: "[media, forms]")),
        ("Content/web/entry-3.md", entry(3, categories: "[media]")),
        ("Content/web/new.md", entry(30, categories: "[forms]", extra: "draft: true\n")),
        ("Content/web/new.md", entry(31, categories: "[forms]", extra: "draft: true\n")),
        ("Content/web/new.md", entry(31, categories: "[forms]")),
        ("Content/web/entry-4.md", entry(4, extra: "draft: true\n")),
        ("Content/native/picker.md", entry(20, categories: "[media]", extra: "published: false\n")),
        ("Content/native/picker.md", entry(20, categories: "[forms]")),
        ("Content/web/entry-5.md", "---\ntitle: [unclosed\n---\nText.\n"),
        ("Content/web/entry-5.md", entry(5)),
        ("Content/web/entry-2.md", entry(2, extra: "permalink: /moved/entry-two/\n")),
        ("Content/web/entry-2.md", entry(2)),
    ]

    static func apply(_ step: Int, steps: [(path: String, text: String?)] = steps, to site: TestSite) throws {
        let change = steps[step]
        if let text = change.text {
            try site.write(Data(text.utf8), to: change.path)
        } else {
            try FileManager.default.removeItem(at: site.root.appending(path: change.path))
        }
        let folder = (change.path as NSString).deletingLastPathComponent
        try site.age(by: TimeInterval(100 - step), only: [change.path, folder].filter { FileManager.default.fileExists(atPath: site.root.appending(path: $0).path) })
    }

    @Test("on disk, with every subset: each page that comes or goes with an edit is patched in every site; each step equals a fresh build")
    func onDisk() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        // (Front matter that does not parse is an error: no site is written, and the build
        // after it is whole.)
        var failed = false
        for step in Self.steps.indices {
            try Self.apply(step, to: site)
            let (result, differing, same) = try FilesMovedTests.compare(site, step: step)
            defer { failed = result.outcome != .success }
            #expect(result.pagesRendered != nil || result.outcome == .contentErrors || failed,
                    "step \(step): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
    }

    @Test("in the preview of the full site and of each subset, each page that comes or goes with an edit is patched; each step equals a fresh build",
          arguments: [nil, "forms", "native"])
    func inMemory(subset: String?) throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.age()
        try FilesMovedLanguagesTests.patchedInMemory(site, subset: subset, steps: Self.steps.count) { try Self.apply($0, to: site) }
    }

    /// In English and French: an untranslated entry's draft set and unset, the translation of
    /// entry 3 (named by its file) made a draft and published again, and an entry into a subset.
    static let languageSteps: [(path: String, text: String?)] = [
        ("Content/web/entry-2.md", entry(2, extra: "draft: true\n")),
        ("Content/web/entry-2.md", entry(2)),
        ("Content/web/entry-3.fr.md", "---\ntitle: Entrée 3\ndraft: true\n---\n## Rôle\n\nTexte.\n"),
        ("Content/web/entry-3.fr.md", "---\ntitle: Entrée trois\n---\n## Rôle\n\nTexte.\n"),
        ("Content/web/entry-7.md", entry(7, categories: "[forms]")),
    ]

    @Test("in English and French, on disk and in the preview: a draft set and unset on an entry and on a translation named by its file is patched in every site; each step equals a fresh build")
    func languages() throws {
        let site = try Self.site(languages: true)
        defer { site.remove() }
        try site.age()
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        for step in Self.languageSteps.indices {
            try Self.apply(step, steps: Self.languageSteps, to: site)
            let (result, differing, same) = try FilesMovedTests.compare(site, step: step)
            // An entry into a language's subset is the one step that still builds whole.
            let whole = step == Self.languageSteps.count - 1
            #expect((result.pagesRendered == nil) == whole, "step \(step): patched: \(result.timings.map(\.stage).filter { $0.hasPrefix("patch") })")
            #expect(differing.isEmpty && same, "step \(step): \(differing)")
        }
        let again = try Self.site(languages: true)
        defer { again.remove() }
        try again.age()
        try FilesMovedLanguagesTests.patchedInMemory(again, subset: nil, steps: Self.languageSteps.count - 1) { try Self.apply($0, steps: Self.languageSteps, to: again) }
    }
}
