import Foundation
import Testing
@testable import GuideSiteCore

@Suite("The theme's style sheets and scripts edited in the preview")
struct ThemeFilesMovedTests {
    @Test("a style sheet, script or archetype of the theme made, edited or removed renders no page (a brand style sheet, every page); the site equals a fresh build's, problems included, and a copied file of the content keeps its place")
    func themeFilesEdited() throws {
        var files = Fixtures.site()
        files["Content/assets/brand.css"] = "/* the content's own */\n"
        let site = try TestSite(files)
        defer { site.remove() }
        let memory = BuildMemory()
        let builds = BuildMemoryTests()
        let (first, _) = builds.memoryBuild(site, memory: memory)
        #expect(first.outcome == .success, "\(first.printed)")
        let sheet = "Templates/assets/site.css", script = "Templates/scripts/extra.js", brand = "Templates/assets/brand.css"
        let printSheet = "Templates/assets/print.css", archetype = "Templates/archetypes/entry.md"
        let rules = String(repeating: "/* the guide's own rules */\n", count: 4)
        let steps: [(path: String, text: String?)] = [
            (sheet, rules + "body { color: black; }\n"), (sheet, rules + "body { color: navy;  }\n"),
            (script, "GuideSite.extra = 1;\n"), (printSheet, "@media print { nav { display: none; } }\n"), (brand, "a { color: red; }\n"),
            (archetype, "---\ntitle: A new entry\n---\n"), (sheet, nil), (printSheet, nil), (brand, nil), (script, nil), (archetype, nil),
        ]
        for (step, edit) in steps.enumerated() {
            let url = site.root.appending(path: edit.path)
            if let text = edit.text { try site.write(Data(text.utf8), to: edit.path) } else { try FileManager.default.removeItem(at: url) }
            let (result, incremental) = builds.memoryBuild(site, memory: memory, changed: [edit.path])
            // (A brand style sheet is linked from every page: its coming and going renders them all.)
            #expect(result.pagesRendered == (edit.path == brand ? first.pagesWritten : 0), "step \(step): \(result.timings.map(\.stage))")
            let (fresh, freshFiles) = builds.memoryBuild(site, memory: BuildMemory())
            #expect(BuildIncrementallyTests.differences(incremental, freshFiles).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(incremental, freshFiles))")
            #expect(result.diagnostics == fresh.diagnostics, "step \(step): \(result.diagnostics) against \(fresh.diagnostics)")
            #expect(String(decoding: incremental["assets/brand.css"] ?? Data(), as: UTF8.self) == "/* the content's own */\n", "step \(step)")
            #expect((incremental["assets/print.css"] != nil) == (3...6).contains(step), "step \(step)")
        }
        let (_, last) = builds.memoryBuild(site, memory: memory, changed: [sheet])
        #expect(String(decoding: last["assets/site.css"] ?? Data(), as: UTF8.self) == String(decoding: DefaultTheme.files()["assets/site.css"] ?? Data(), as: UTF8.self))
    }

    @Test("a theme file that cannot be read, and the strings, build whole with the same report")
    func unreadable() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let memory = BuildMemory()
        let builds = BuildMemoryTests()
        _ = builds.memoryBuild(site, memory: memory)
        // A folder where a style sheet was named: `Theme.load` walks into it, a patch cannot read it.
        try FileManager.default.createDirectory(at: site.root.appending(path: "Templates/assets/odd.css"), withIntermediateDirectories: true)
        let (folder, _) = builds.memoryBuild(site, memory: memory, changed: ["Templates/assets/odd.css"])
        #expect(folder.timings.contains { $0.stage.hasPrefix("patch: not patched: a file of the theme cannot be read") }, "\(folder.timings.map(\.stage))")
        try site.write(Data("search-label: Look up\n".utf8), to: "Templates/strings/en.yml")
        let (strings, files) = builds.memoryBuild(site, memory: memory, changed: ["Templates/strings/en.yml"])
        #expect(strings.pagesRendered == nil, "\(strings.timings.map(\.stage))")
        let (fresh, freshFiles) = builds.memoryBuild(site, memory: BuildMemory())
        #expect(BuildIncrementallyTests.differences(files, freshFiles).isEmpty && strings.diagnostics == fresh.diagnostics)
    }
}
