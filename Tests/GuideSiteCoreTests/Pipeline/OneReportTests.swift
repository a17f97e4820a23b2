import Foundation
import Testing
@testable import GuideSiteCore

@Suite("One report: build, serve and check print the same problems, after any sequence of edits")
struct OneReportTests {
    static let entry = "---\ntitle: Picker\ncategories: [forms]\nkeyboard:\n  tab: Focus moves to the picker\n---\n## Role\n\nA picker. See [the guide](https://example.org/guide).\n"

    /// Each step's text of `Content/native/picker.md`, and what its report must say.
    static let steps: [(String, String, String?)] = [
        ("a layout misspelt", entry.replacingOccurrences(of: "title: Picker\n", with: "title: Picker\nlayout: entri\n"), "unknown layout `entri`"),
        ("the layout misspelt otherwise", entry.replacingOccurrences(of: "title: Picker\n", with: "title: Picker\nlayout: entrie\n"), "unknown layout `entrie`"),
        ("the layout removed", entry, nil),
        ("a test key misspelt", entry.replacingOccurrences(of: "keyboard:", with: "keybaord:"), "did you mean `keyboard`?"),
        ("settings written as text", entry.replacingOccurrences(of: "---\n## Role", with: "settings: Large text\n---\n## Role"), "must be a map"),
        ("vague link text", entry.replacingOccurrences(of: "[the guide]", with: "[click here]"), "does not say where it goes"),
        ("a title another entry of the section has", entry.replacingOccurrences(of: "title: Picker", with: "title: Switch"), "have the title \"Switch\""),
        ("an undeclared category", entry.replacingOccurrences(of: "[forms]", with: "[froms]"), "is not declared under `categories:`"),
        ("all mended", entry, nil),
    ]

    static func files() -> [String: String] {
        [
            "site.yml": "title: Guide\nsections:\n  native: {title: Native apps}\ncategories:\n  forms: {title: Forms}\n  controls: {title: Controls}\n",
            "Content/index.md": "---\ntitle: Home\n---\nHi.\n",
            "Content/native/switch.md": "---\ntitle: Switch\ncategories: [controls]\n---\n## Role\n\nA switch.\n",
            "Content/native/picker.md": entry,
        ]
    }

    @Test("a layout misspelt, corrected, removed; a test key misspelt; link text; a repeated title: each build's problems are a fresh build's")
    func sameProblems() throws {
        let site = try TestSite(Self.files())
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        _ = SiteBuilder().build(BuildRequest(root: site.root))
        for (index, (step, text, says)) in Self.steps.enumerated() {
            try site.write(Data(text.utf8), to: "Content/native/picker.md")
            // Older than two seconds, so that its stamp is trusted and the last build patched.
            try site.age(by: Double(1800 - index), only: ["Content/native/picker.md"])
            var fresh = BuildRequest(root: site.root)
            fresh.fresh = true
            let reference = SiteBuilder().build(fresh, into: MemoryOutput(), memory: BuildMemory()).diagnostics
            let onDisk = SiteBuilder().build(BuildRequest(root: site.root))
            let changed = site.root.appending(path: "Content/native/picker.md").standardizedFileURL.path
            var preview = BuildRequest(root: site.root)
            preview.knownChanges = [changed]
            let served = SiteBuilder().build(preview, into: MemoryOutput(), memory: memory)
            let checked = SiteChecker().check(BuildRequest(root: site.root))
            #expect(onDisk.diagnostics == reference, "\(step): build \(onDisk.diagnostics) against \(reference)")
            #expect(served.diagnostics == reference, "\(step): serve \(served.diagnostics) against \(reference)")
            #expect(checked.diagnostics == reference, "\(step): check \(checked.diagnostics) against \(reference)")
            if let says {
                #expect(reference.contains { $0.message.contains(says) }, "\(step): \(reference)")
            } else {
                #expect(reference.isEmpty, "\(step): \(reference)")
            }
            // The edit took the way the tests mean: patched on disk and in the preview.
            if index > 0 { #expect(onDisk.patched && served.patched, "\(step): \(onDisk.timings.map(\.stage)) \(served.timings.map(\.stage))") }
        }
    }
}
