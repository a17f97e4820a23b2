import Foundation
import Testing
@testable import GuideSiteCore

@Suite("The theme's style sheets and scripts edited, in the preview and on disk")
struct ThemeFilesMovedTests {
    @Test("a style sheet or script of the theme made, edited or removed renders no page (a brand style sheet, every page; the archetype builds whole); the site equals a fresh build's, problems included, and a copied file of the content keeps its place")
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
            // (A brand style sheet is linked from every page: its coming and going renders them all. Every page's
            // placeholders are read against the archetype: its edits build whole.)
            let rendered: Int? = edit.path == archetype ? nil : edit.path == brand ? first.pagesWritten : 0
            #expect(result.pagesRendered == rendered, "step \(step): \(result.timings.map(\.stage))")
            let (fresh, freshFiles) = builds.memoryBuild(site, memory: BuildMemory())
            #expect(BuildIncrementallyTests.differences(incremental, freshFiles).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(incremental, freshFiles))")
            #expect(result.diagnostics == fresh.diagnostics, "step \(step): \(result.diagnostics) against \(fresh.diagnostics)")
            #expect(String(decoding: incremental["assets/brand.css"] ?? Data(), as: UTF8.self) == "/* the content's own */\n", "step \(step)")
            #expect((incremental["assets/print.css"] != nil) == (3...6).contains(step), "step \(step)")
        }
        let (_, last) = builds.memoryBuild(site, memory: memory, changed: [sheet])
        #expect(String(decoding: last["assets/site.css"] ?? Data(), as: UTF8.self) == String(decoding: DefaultTheme.files()["assets/site.css"] ?? Data(), as: UTF8.self))
    }

    @Test("on disk, with a subset and two languages: a style sheet or script made, edited or removed renders no page in any site (a brand style sheet made or removed builds whole, edited renders none; the archetype builds whole); every site equals a fresh build's")
    func onDisk() throws {
        var files = Fixtures.site()
        files["site.yml"] = "title: Test Guide\nurl: https://a11y.example.com/guide/\nsections:\n  native:\n    title: Native apps\n"
            + "subsets:\n  native:\n    sections: [native]\nlanguages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"
        files["Content/web/button.fr.md"] = "---\ntitle: Bouton\n---\nUtilisez `<button>`.\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        let first = SitesOnDiskTests.build(site)
        #expect(first.outcome == .success, "\(first.diagnostics.filter { $0.severity == .error })")
        let sheet = "Templates/assets/site.css", script = "Templates/scripts/extra.js", brand = "Templates/assets/brand.css"
        let printSheet = "Templates/assets/print.css", archetype = "Templates/archetypes/entry.md"
        let steps: [(path: String, text: String?)] = [
            (sheet, "body { color: black; }\n"), (sheet, "body { color: navy; }\n"), (script, "GuideSite.extra = 1;\n"),
            (printSheet, "@media print { nav { display: none; } }\n"), (brand, "a { color: red; }\n"), (brand, "a { color: teal; }\n"),
            (archetype, "---\ntitle: A new entry\n---\n"), (sheet, nil), (printSheet, nil), (brand, nil), (script, nil), (archetype, nil),
        ]
        for (step, edit) in steps.enumerated() {
            let url = site.root.appending(path: edit.path)
            if let text = edit.text {
                try site.write(Data(text.utf8), to: edit.path)
                try site.age(by: TimeInterval(100 - step), only: [edit.path])
            } else {
                try FileManager.default.removeItem(at: url)
            }
            let (result, fresh, ours, theirs) = try SitesOnDiskTests.patchedAndFresh(site)
            // (A brand style sheet is linked from every page: its coming and going builds them all; the archetype
            // is what every page's placeholders are read against.)
            let whole = edit.path == brand && step != 5 || edit.path == archetype
            #expect(whole ? result.pagesRendered == nil : result.pagesRendered == 0, "step \(step): \(result.timings.map(\.stage))")
            #expect(BuildIncrementallyTests.differences(ours, theirs).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(ours, theirs))")
            #expect(result.outcome == .success && result.diagnostics == fresh.diagnostics, "step \(step): \(result.diagnostics) against \(fresh.diagnostics)")
            #expect((ours["assets/print.css"] != nil) == (3...7).contains(step) && (ours["subsets/native/assets/print.css"] != nil) == (3...7).contains(step),
                    "step \(step)")
        }
        #expect(SitesOnDiskTests.build(site).upToDate, "nothing changed")
    }

    @Test("on disk, with a subset and two languages: a layout made, edited or removed renders its pages in every site, its problems in place of the last ones; a partial (every page) and a layout the built-in theme has not build whole; every site equals a fresh build's")
    func layoutsOnDisk() throws {
        var files = Fixtures.site()
        files["site.yml"] = "title: Test Guide\nurl: https://a11y.example.com/guide/\nsubsets:\n  native:\n    sections: [native]\n"
            + "languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"
        files["Content/web/button.fr.md"] = "---\ntitle: Bouton\n---\nUtilisez `<button>`.\n"
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        let first = SitesOnDiskTests.build(site)
        #expect(first.outcome == .success, "\(first.diagnostics.filter { $0.severity == .error })")
        let builtIn = { (path: String) in String(decoding: DefaultTheme.files()[path] ?? Data(), as: UTF8.self) }
        let home = "Templates/layouts/home.mustache", entry = "Templates/layouts/entry.mustache", base = "Templates/partials/base.mustache"
        let unused = "Templates/partials/nothing.mustache", custom = "Templates/layouts/custom.mustache"
        // What each step renders: some pages (the layout's), or all built again (a partial
        // reaches every page: a full build takes the bodies a patch would render again).
        enum Renders { case some, whole }
        let steps: [(path: String, text: String?, renders: Renders)] = [
            (home, builtIn("layouts/home.mustache") + "<!-- home 1 {{page.nosuchvalue}} -->\n", .some), (home, builtIn("layouts/home.mustache") + "<!-- home 2 -->\n", .some),
            (entry, builtIn("layouts/entry.mustache").replacingOccurrences(of: "{{title}}", with: "{{title}}!"), .some),
            (base, builtIn("partials/base.mustache") + "<!-- base -->\n", .whole), (unused, "{{nothing}}\n", .whole), (unused, nil, .whole),
            (custom, "{{> base}}\n", .whole), (custom, nil, .whole), (entry, nil, .some), (base, nil, .whole), (home, nil, .some),
        ]
        for (step, edit) in steps.enumerated() {
            if let text = edit.text {
                try site.write(Data(text.utf8), to: edit.path)
                try site.age(by: TimeInterval(100 - step), only: [edit.path])
            } else {
                try FileManager.default.removeItem(at: site.root.appending(path: edit.path))
            }
            let (result, fresh, ours, theirs) = try SitesOnDiskTests.patchedAndFresh(site)
            switch edit.renders {
            case .some: #expect(result.pagesRendered.map { $0 > 0 && $0 < first.pagesWritten / 2 } == true, "step \(step): \(result.pagesRendered ?? -1) \(result.timings.map(\.stage))")
            case .whole: #expect(result.pagesRendered == nil, "step \(step)")
            }
            #expect(BuildIncrementallyTests.differences(ours, theirs).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(ours, theirs))")
            #expect(result.outcome == .success && result.diagnostics == fresh.diagnostics, "step \(step): \(result.diagnostics) against \(fresh.diagnostics)")
            // A layout's warning (a name no value has) and the unused partial's come and go with them.
            #expect(result.diagnostics.contains { $0.path == home } == (step == 0) && result.diagnostics.contains { $0.path == unused } == (step == 4),
                    "step \(step): \(result.diagnostics)")
        }
        #expect(SitesOnDiskTests.build(site).upToDate, "nothing changed")
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
