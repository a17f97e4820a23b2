import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Archetype: the text a new entry still holds as `new` wrote it is a warning at its line")
struct ArchetypeTests {
    static let site = ["site.yml": "title: Guide\nsections:\n  native: {title: Native apps}\ncategories:\n  controls: {title: Controls}\n"]

    func placeholders(_ result: BuildResult) -> [String] {
        result.diagnostics.filter { $0.category == "placeholder" }.map { "\($0.line):\($0.column) \($0.message)" }
    }

    @Test("a new entry: each placeholder value and guidance line, and each of the archetype's empty headings, at its line")
    func newEntry() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        _ = try Scaffolder().newEntry(title: "Wheel picker", section: "native", categories: ["controls"], root: site.root)
        let found = placeholders(site.build())
        // The eight values of the test tables, a guidance bullet per platform, four empty headings per platform.
        #expect(found.count == 18, "\(found)")
        #expect(found.first == "16:5 `Focus moves to the wheel picker and a visible focus indic…` is the archetype's placeholder, unchanged: write what you observed, or remove it")
        #expect(found.contains("45:1 the archetype's heading `### Role` has nothing under it: write its notes, or remove it"))
        // `## iOS` has its sub-headings under it, and `### Name` its bullet: neither is empty.
        #expect(!found.contains { $0.contains("`## iOS`") || $0.contains("`### Name`") })
        // The page is published all the same, placeholders shown.
        #expect(try site.html("native/wheel-picker/index.html").contains("The wheel picker activates"))
    }

    @Test("text written over a placeholder, notes under a heading, and the same words in code are no placeholder")
    func replaced() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let file = try Scaffolder().newEntry(title: "Wheel picker", section: "native", categories: ["controls"], root: site.root)
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "    The wheel picker activates\n\nmobile:", with: "    The picker opens its list\n\nmobile:")
        let role = try #require(text.range(of: "### Role\n"))
        text.replaceSubrange(role, with: "### Role\n\nUse `UIPickerView`.\n")
        text += "\n## Testing notes\n\n```text\nThe wheel picker activates\n```\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let found = placeholders(site.build())
        #expect(found.count == 16, "\(found)")
        #expect(!found.contains { $0.hasPrefix("18:") }, "the keyboard's second value was replaced")
        #expect(found.filter { $0.contains("`### Role`") }.count == 1, "iOS's Role has notes; Android's has none")
    }

    @Test("the site's own archetype is the one compared; edited, every build, the preview and check report what a fresh build does")
    func ownArchetype() throws {
        var files = Self.site
        files["Templates/archetypes/entry.md"] = "---\ntitle: \"{{title}}\"\n---\n\nDescribe how the {{lowerTitle}} behaves here.\n"
        files["Content/native/tabs.md"] = "---\ntitle: Tabs\n---\n\nDescribe how the tabs behaves here.\n\nArrow keys move between tabs.\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        #expect(placeholders(site.build()) == ["5:1 `Describe how the tabs behaves here.` is the archetype's placeholder, unchanged: write what you observed, or remove it"])
        for (step, archetype) in [("another placeholder", "---\ntitle: \"{{title}}\"\n---\n\nArrow keys move between {{lowerTitle}}.\n"),
                                  ("no text to replace", "---\ntitle: \"{{title}}\"\n---\n")] {
            try site.write(Data(archetype.utf8), to: "Templates/archetypes/entry.md")
            try site.age(by: 900, only: ["Templates/archetypes/entry.md"])
            var fresh = BuildRequest(root: site.root)
            fresh.fresh = true
            let reference = SiteBuilder().build(fresh, into: MemoryOutput(), memory: BuildMemory()).diagnostics
            var preview = BuildRequest(root: site.root)
            preview.knownChanges = [site.root.appending(path: "Templates/archetypes/entry.md").standardizedFileURL.path]
            #expect(site.build().diagnostics == reference, "\(step): build")
            #expect(SiteBuilder().build(preview, into: MemoryOutput(), memory: memory).diagnostics == reference, "\(step): serve")
            #expect(SiteChecker().check(BuildRequest(root: site.root)).diagnostics == reference, "\(step): check")
            #expect(reference.filter { $0.category == "placeholder" }.count == (archetype.contains("Arrow") ? 1 : 0), "\(step): \(reference)")
        }
    }
}
