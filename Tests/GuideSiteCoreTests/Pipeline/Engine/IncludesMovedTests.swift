import Foundation
import Testing
@testable import GuideSiteCore

/// A Jekyll library's `_includes/` edited after a build: the pages whose text read the include
/// that moved are read again, the others stand (`Basis+Includes`).
@Suite("Include files edited, in the preview and on disk")
struct IncludesMovedTests {
    /// A Jekyll library as its users write one: a collection with a default layout of its own,
    /// includes (one nested, one read by no page) and a translation its page names (`lang: fr`).
    static func files() -> [String: String] {
        [
            "_config.yml": "title: Components\ncollections:\n  components:\n    output: true\n"
                + "defaults:\n  - scope: {path: \"\", type: components}\n    values: {layout: component}\n",
            "index.md": "---\ntitle: Home\n---\nWelcome.\n\n{% include contact.html %}\n",
            "_components/toggle.md": "---\ntitle: Toggle\ncategories: [buttons]\nwcag: [4.1.2]\n---\nA toggle.\n\n{% include examples/toggle.html %}\n",
            "_components/tabs.md": "---\ntitle: Tabs\nlang: en\ncategories: [navigation]\n---\nTabs.\n\n{% include note.html text=\"Arrow keys move.\" %}\n",
            "_components/tabs.fr.md": "---\ntitle: Onglets\nlang: fr\n---\nDes onglets.\n\n{% include note.html text=\"Les flèches.\" %}\n",
            "_components/menu.md": "---\ntitle: Menu\ncategories: [navigation]\n---\nA menu, with no include.\n",
            "_includes/contact.html": "<p class=\"contact\">Write to the team.</p>\n",
            "_includes/note.html": "<aside class=\"note\">{{ include.text }}</aside>\n",
            "_includes/examples/toggle.html": "<button aria-pressed=\"false\">Bold</button>\n",
        ]
    }

    /// Each step: a file of `_includes/` written (or removed: nil), and how many pages it renders
    /// again (nil: any number).
    static let steps: [(path: String, text: String?, rendered: Int?)] = [
        ("_includes/contact.html", "<p class=\"contact\">Write to the accessibility team.</p>\n", 1),
        ("_includes/examples/toggle.html", "<button aria-pressed=\"true\">Bold</button>\n", 1),
        ("_includes/note.html", "<aside class=\"note\"><strong>Note:</strong> {{ include.text }}</aside>\n", 2),
        ("_includes/unused.html", "<p>No page reads this.</p>\n", 0),
        ("_includes/contact.html", nil, 1),
        ("_includes/contact.html", "<p class=\"contact\">Back again.</p>\n", 1),
        ("_components/menu.md", "---\ntitle: Menu\ncategories: [navigation]\n---\nA menu, with no include, edited.\n", 1),
    ]

    @Test("on disk, in two languages: an include made, edited or removed reads again the pages that read it (nested, with parameters, missing then made), one no page reads renders none, and a collection's entry edited keeps its layout; every site equals a fresh build's, problems included")
    func onDisk() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        try site.age()
        let first = SitesOnDiskTests.build(site)
        #expect(first.outcome == .success, "\(first.diagnostics.filter { $0.severity == .error })")
        let again = SitesOnDiskTests.build(site)
        // Reported as two sites in two languages (the pages name them), not a site and a subset.
        #expect(again.upToDate && again.sites == 2 && again.languages == 2, "\(again.sites) sites, \(again.languages) languages")
        for (step, edit) in Self.steps.enumerated() {
            if let text = edit.text {
                try site.write(Data(text.utf8), to: edit.path)
                try site.age(by: TimeInterval(100 - step), only: [edit.path])
            } else {
                try FileManager.default.removeItem(at: site.root.appending(path: edit.path))
            }
            let (result, fresh, ours, theirs) = try SitesOnDiskTests.patchedAndFresh(site)
            #expect(result.pagesRendered != nil, "step \(step): not patched: \(result.timings.map(\.stage))")
            if let rendered = edit.rendered, let pages = result.pagesRendered {
                // Each page read again shows in both languages' sites (a French page, or the English one it leads to).
                #expect(pages <= rendered * 2 && (rendered == 0) == (pages == 0), "step \(step): \(pages) pages rendered")
            }
            #expect(BuildIncrementallyTests.differences(ours, theirs).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(ours, theirs))")
            #expect(result.outcome == .success && result.diagnostics == fresh.diagnostics, "step \(step): \(result.diagnostics) against \(fresh.diagnostics)")
        }
        let missing = try site.snapshot()
        #expect(String(decoding: missing["index.html"] ?? Data(), as: UTF8.self).contains("Back again."))
        #expect(String(decoding: missing["components/toggle/index.html"] ?? Data(), as: UTF8.self).contains("layout-entry"))
    }

    @Test("in the preview: an include the watcher reports, or one found by its stamp, renders the pages that read it; each build equals a fresh one, problems included")
    func inMemory() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        let builds = BuildMemoryTests()
        let (first, _) = builds.memoryBuild(site, memory: memory)
        #expect(first.outcome == .success, "\(first.printed)")
        for reported in [true, false] {
            // Unreported, each build compares stamps: the files the first round wrote are trusted
            // once two seconds old (`BuildRecord.inputs`).
            if !reported { Thread.sleep(forTimeInterval: 2.1) }
            for (step, edit) in Self.steps.enumerated() {
                let text = edit.text.map { reported ? $0 : $0.replacingOccurrences(of: "</", with: " (again)</") }
                if let text { try site.write(Data(text.utf8), to: edit.path) } else { try? FileManager.default.removeItem(at: site.root.appending(path: edit.path)) }
                if !reported { try site.age(by: TimeInterval(200 - step), only: text == nil ? [] : [edit.path]) }
                let (result, incremental) = builds.memoryBuild(site, memory: memory, changed: reported ? [edit.path] : nil)
                let (fresh, freshFiles) = builds.memoryBuild(site, memory: BuildMemory())
                #expect(result.pagesRendered != nil, "step \(step), reported \(reported): not patched: \(result.timings.map(\.stage))")
                #expect(BuildIncrementallyTests.differences(incremental, freshFiles).isEmpty,
                        "step \(step), reported \(reported): \(BuildIncrementallyTests.differences(incremental, freshFiles))")
                #expect(result.diagnostics == fresh.diagnostics, "step \(step), reported \(reported): \(result.diagnostics) against \(fresh.diagnostics)")
            }
        }
    }
}
