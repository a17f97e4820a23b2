import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Rebuilds in memory")
struct BuildMemoryTests {
    /// A build into memory patching the last one `memory` holds, told which files changed.
    func memoryBuild(_ site: TestSite, memory: BuildMemory, changed: [String]? = nil) -> (BuildResult, [String: Data]) {
        let output = MemoryOutput()
        var request = BuildRequest(root: site.root)
        request.knownChanges = changed.map { Set($0.map { site.root.appending(path: $0).standardizedFileURL.path }) }
        let result = SiteBuilder().build(request, into: output, memory: memory)
        return (result, output.files)
    }

    @Test("an edit of an entry's body, reported by the watcher, renders that entry only; the site equals a fresh build")
    func bodyEdit() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let memory = BuildMemory()
        _ = memoryBuild(site, memory: memory)
        try site.write(Data("---\ntitle: Button\norder: 1\n---\nUse `<button>` always.\n".utf8), to: "Content/web/button.md")
        let (result, files) = memoryBuild(site, memory: memory, changed: ["Content/web/button.md"])
        #expect(result.pagesRendered == 1, "\(result.timings.map(\.stage))")
        #expect(String(decoding: files["web/button/index.html"]!, as: UTF8.self).contains("always."))
        let (_, fresh) = memoryBuild(site, memory: BuildMemory())
        #expect(BuildIncrementallyTests.differences(files, fresh).isEmpty, "\(BuildIncrementallyTests.differences(files, fresh))")
    }

    @Test("in three languages, an untranslated entry's body edit renders its page only in every language's site; a translated one renders its pages and the translations tables; each equals a fresh build")
    func languages() throws {
        let site = try TestSite(LanguagesTests.files())
        defer { site.remove() }
        let memory = BuildMemory()
        let (first, _) = memoryBuild(site, memory: memory)
        #expect(first.outcome == .success && memory.sites.count == 3, "\(first.printed)")
        try site.write(Data("---\ntitle: Link\n---\nA link, underlined.\n".utf8), to: "Content/web/link.md")
        let (patched, files) = memoryBuild(site, memory: memory, changed: ["Content/web/link.md"])
        #expect(patched.pagesRendered == 1, "\(patched.timings.map(\.stage))")
        #expect(String(decoding: files["web/link/index.html"] ?? Data(), as: UTF8.self).contains("underlined"))
        #expect(String(decoding: files[SearchIndex.path] ?? Data(), as: UTF8.self).contains("underlined"))
        var (_, fresh) = memoryBuild(site, memory: BuildMemory())
        #expect(BuildIncrementallyTests.differences(files, fresh).isEmpty, "\(BuildIncrementallyTests.differences(files, fresh))")
        // The picker has translations, which its bytes date: its French one, current before, is
        // out of date now, on its page and in the translations tables; its files are read again.
        #expect(!String(decoding: files["fr/native/wheel-picker/index.html"] ?? Data(), as: UTF8.self).contains("translation-notice"))
        let picker = LanguagesTests.picker.replacingOccurrences(of: "See [the button]", with: "Also see [the button]")
        try site.write(Data(picker.utf8), to: "Content/native/wheel-picker.md")
        let (translated, rebuilt) = memoryBuild(site, memory: memory, changed: ["Content/native/wheel-picker.md"])
        #expect(translated.pagesRendered != nil, "\(translated.timings.map(\.stage))")
        #expect(String(decoding: rebuilt["fr/native/wheel-picker/index.html"] ?? Data(), as: UTF8.self).contains("translation-notice"))
        #expect(translated.printed.contains("wheel-picker.fr.md:2:1: warning: [translation] translation of Content/native/wheel-picker.md is out of date"), "\(translated.printed)")
        (_, fresh) = memoryBuild(site, memory: BuildMemory())
        #expect(BuildIncrementallyTests.differences(rebuilt, fresh).isEmpty, "\(BuildIncrementallyTests.differences(rebuilt, fresh))")
    }

    @Test("in a Jekyll library whose pages name their languages, a translation's body edit is patched in both sites; a language named anew builds every site; each equals a fresh build")
    func languagesNamedByPages() throws {
        let site = try TestSite(FindLanguagesTests.jekyll)
        defer { site.remove() }
        let memory = BuildMemory()
        let (first, _) = memoryBuild(site, memory: memory)
        #expect(first.outcome == .success && memory.sites.count == 2, "\(first.printed)")
        let edits: [(path: String, from: String, to: String, patched: Bool)] = [
            ("_components/bouton.md", "Appuyez.", "Appuyez fort.", true),
            ("a-propos.md", "lang: fr", "lang: de", false),
            ("_components/button.md", "Press it.", "Press it firmly.", true),
        ]
        for (step, edit) in edits.enumerated() {
            let text = try String(contentsOf: site.root.appending(path: edit.path), encoding: .utf8)
            try site.write(Data(text.replacingOccurrences(of: edit.from, with: edit.to).utf8), to: edit.path)
            let (result, files) = memoryBuild(site, memory: memory, changed: [edit.path])
            #expect((result.pagesRendered != nil) == edit.patched, "step \(step): \(result.timings.map(\.stage))")
            let (reference, fresh) = memoryBuild(site, memory: BuildMemory())
            #expect(result.configuration == reference.configuration, "step \(step)")
            #expect(BuildIncrementallyTests.differences(files, fresh).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(files, fresh))")
        }
        #expect(memory.sites.count == 3)
    }

    @Test("a missing anchor's warning names the page it is missing from: after that page's title edit, patched in memory and on disk, it names the new title as a fresh build does")
    func anchorWarningAfterTitleEdit() throws {
        let site = try TestSite([
            "Content/web/link.md": "---\ntitle: Link\n---\nSee [the button's roles](button.md#roles).\n",
            "Content/web/button.md": "---\ntitle: Button\n---\n## States\n\nPressed.\n",
        ])
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = memoryBuild(site, memory: memory)
        #expect(SitesOnDiskTests.build(site).outcome == .success)
        try site.write(Data("---\ntitle: Toggle button\n---\n## States\n\nPressed.\n".utf8), to: "Content/web/button.md")
        try site.age(by: 500, only: ["Content/web/button.md"])
        let (inMemory, _) = memoryBuild(site, memory: memory, changed: ["Content/web/button.md"])
        let onDisk = SitesOnDiskTests.build(site)
        let fresh = SitesOnDiskTests.build(site, into: "Output-fresh")
        #expect(inMemory.pagesRendered != nil && onDisk.pagesRendered != nil, "\(onDisk.timings.map(\.stage))")
        #expect(fresh.printed.contains("link.md:4:5: warning: [broken-link] broken link `button.md#roles`: Toggle button has no heading with the id `roles`"), "\(fresh.printed)")
        #expect(inMemory.diagnostics == fresh.diagnostics && onDisk.diagnostics == fresh.diagnostics, "\(inMemory.printed)\n\(onDisk.printed)")
    }

    @Test("what the engine cannot patch builds fully and equals a fresh build: nothing reported, a new file in a new folder; a template reported with an entry is patched")
    func declines() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let memory = BuildMemory()
        _ = memoryBuild(site, memory: memory)
        let about = "Content/about.md"
        try site.write(Data("# About us\n\nA second text.\n".utf8), to: about)
        let (unknown, seen) = memoryBuild(site, memory: memory)
        #expect(unknown.pagesRendered == nil, "changes not reported: a full build")
        #expect(String(decoding: seen["about/index.html"] ?? Data(), as: UTF8.self).contains("A second text."))
        try site.write(Data("# About us\n\nA third text.\n".utf8), to: about)
        let (template, checked) = memoryBuild(site, memory: memory, changed: ["Templates/layouts/entry.mustache", about])
        #expect(template.pagesRendered == 1, "a template reported (one the site does not override): the entry alone; \(template.timings.map(\.stage))")
        #expect(String(decoding: checked["about/index.html"] ?? Data(), as: UTF8.self).contains("A third text."))
        // A reported file the last walk did not find (made in a folder created after it, as a
        // watcher racing the new folder reports it): the content is walked again and the page built.
        try FileManager.default.createDirectory(at: site.root.appending(path: "Content/extra"), withIntermediateDirectories: true)
        try site.write(Data("---\ntitle: Extra\n---\nNew here.\n".utf8), to: "Content/extra/new.md")
        let (_, added) = memoryBuild(site, memory: memory, changed: ["Content/extra/new.md"])
        #expect(String(decoding: added["extra/new/index.html"] ?? Data(), as: UTF8.self).contains("New here."))
        let (_, fresh) = memoryBuild(site, memory: BuildMemory())
        #expect(BuildIncrementallyTests.differences(added, fresh).isEmpty)
    }

    @Test("when the watcher cannot say what changed, edited entries are found by their stamps, and a changed layout by its stamp: only its pages are rendered")
    func unreportedEdits() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = memoryBuild(site, memory: memory)
        let button = "Content/web/button.md"
        try site.write(Data("---\ntitle: Button\norder: 1\n---\nUse `<button>` every time.\n".utf8), to: button)
        try site.age(by: 600, only: [button])
        let (patched, files) = memoryBuild(site, memory: memory)
        #expect(patched.pagesRendered == 1, "\(patched.timings.map(\.stage))")
        let (_, fresh) = memoryBuild(site, memory: BuildMemory())
        #expect(BuildIncrementallyTests.differences(files, fresh).isEmpty)
        try site.write(Data("<p>{{page.title}}</p>".utf8), to: "Templates/layouts/page.mustache")
        try site.age(by: 300, only: ["Templates/layouts/page.mustache"])
        let (layout, rebuilt) = memoryBuild(site, memory: memory)
        // (The page layout renders the about page alone.)
        #expect(layout.pagesRendered == 1, "\(layout.timings.map(\.stage))")
        #expect(String(decoding: rebuilt["about/index.html"] ?? Data(), as: UTF8.self) == "<p>About us</p>")
        let (_, afresh) = memoryBuild(site, memory: BuildMemory())
        #expect(BuildIncrementallyTests.differences(rebuilt, afresh).isEmpty)
    }

    @Test("a changed title, and a category new to the site, link the site anew from the pages in memory and render only the pages that show them; a layout renders its pages again; site.yml builds fully; each equals a fresh build")
    func wholeSiteEdits() throws {
        var files = Fixtures.site()
        files["Templates/layouts/page.mustache"] = "<p>{{page.title}}</p>"
        let site = try TestSite(files)
        defer { site.remove() }
        let memory = BuildMemory()
        let (first, _) = memoryBuild(site, memory: memory)
        let button = "Content/web/button.md"
        let original = try String(contentsOf: site.root.appending(path: button), encoding: .utf8)
        let pages = first.pagesWritten
        // (file, text, how many pages are rendered again; nil: a full build)
        let edits: [(path: String, text: String, rendered: Range<Int>?)] = [
            (button, original.replacingOccurrences(of: "title: Button", with: "title: Push button"), 3..<(pages / 2)),
            (button, "---\ntitle: Push button\norder: 1\ncategories: [brand-new]\n---\nUse it.\n", 3..<(pages / 2)),
            // The pages of the `page` layout alone.
            ("Templates/layouts/page.mustache", "<p>Page: {{page.title}}</p>", 1..<(pages / 2)),
            ("site.yml", "title: Renamed\nsections:\n  native:\n    title: Apps\n    layout: page\n", nil),
        ]
        for edit in edits {
            try site.write(Data(edit.text.utf8), to: edit.path)
            let (result, incremental) = memoryBuild(site, memory: memory, changed: [edit.path])
            if let expected = edit.rendered {
                let rendered = try #require(result.pagesRendered, "\(edit.path): \(result.timings.map(\.stage))")
                #expect(expected.contains(rendered), "\(edit.path): \(rendered) of \(first.pagesWritten) pages")
            } else {
                #expect(result.pagesRendered == nil, "\(edit.path)")
            }
            let (fresh, freshFiles) = memoryBuild(site, memory: BuildMemory())
            #expect(BuildIncrementallyTests.differences(incremental, freshFiles).isEmpty, "\(edit.path): \(BuildIncrementallyTests.differences(incremental, freshFiles))")
            #expect(result.diagnostics == fresh.diagnostics, "\(edit.path)")
        }
        let (_, last) = memoryBuild(site, memory: BuildMemory())
        #expect(String(decoding: last["about/index.html"]!, as: UTF8.self) == "<p>Page: About us</p>")
        #expect(String(decoding: last["web/index.html"]!, as: UTF8.self).contains("Push button"))
    }

    @Test("a layout edited in the preview, its size kept and past its 80th byte, renders its pages again, and only those; its problems are this theme's")
    func layoutEditedInPlace() throws {
        var files = Fixtures.site()
        let layout = "{{<base}}{{$main}}\n<h1>{{page.title}}</h1>\n<p class=\"lede\">A page of the guide, written by the team.</p>\n{{/main}}{{/base}}\n"
        files["Templates/layouts/page.mustache"] = layout
        let site = try TestSite(files)
        defer { site.remove() }
        let memory = BuildMemory()
        let (first, _) = memoryBuild(site, memory: memory)
        let path = "Templates/layouts/page.mustache"
        // The same size, the change past the bytes `Data`'s own hash reads; then a name no value has.
        let edits = [layout.replacingOccurrences(of: "the team.", with: "the crew."), layout.replacingOccurrences(of: "{{page.title}}", with: "{{page.titel}}")]
        for (step, text) in edits.enumerated() {
            try site.write(Data(text.utf8), to: path)
            let (result, incremental) = memoryBuild(site, memory: memory, changed: [path])
            let rendered = try #require(result.pagesRendered, "step \(step): \(result.timings.map(\.stage))")
            #expect(rendered >= 1 && rendered < first.pagesWritten / 2, "step \(step): \(rendered) of \(first.pagesWritten)")
            let (fresh, freshFiles) = memoryBuild(site, memory: BuildMemory())
            #expect(BuildIncrementallyTests.differences(incremental, freshFiles).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(incremental, freshFiles))")
            #expect(result.diagnostics == fresh.diagnostics, "step \(step): \(result.diagnostics) against \(fresh.diagnostics)")
            #expect(String(decoding: incremental["about/index.html"] ?? Data(), as: UTF8.self).contains("the crew.") == (step == 0))
            #expect(fresh.diagnostics.contains { $0.message.contains("titel") } == (step == 1), "\(fresh.diagnostics)")
        }
    }

    @Test("body edits that give the site a platform's first section or take its last one away re-render the search page's filter")
    func platformFilter() throws {
        let site = try TestSite(BuildIncrementallyTests.files)
        defer { site.remove() }
        let memory = BuildMemory()
        _ = memoryBuild(site, memory: memory)
        let picker = "Content/native/picker.md"
        let original = try String(contentsOf: site.root.appending(path: picker), encoding: .utf8)
        for (step, text) in [original + "\n\n## Web\n\nUse `select`.\n", original].enumerated() {
            try site.write(Data(text.utf8), to: picker)
            let (result, incremental) = memoryBuild(site, memory: memory, changed: [picker])
            #expect(result.pagesRendered == 2, "step \(step): the picker and the search page")
            let (_, fresh) = memoryBuild(site, memory: BuildMemory())
            #expect(BuildIncrementallyTests.differences(incremental, fresh).isEmpty, "step \(step): \(BuildIncrementallyTests.differences(incremental, fresh))")
            let search = String(decoding: incremental["search/index.html"] ?? Data(), as: UTF8.self)
            #expect(search.contains("<option value=\"Web\">") == (step == 0), "step \(step)")
        }
    }

    @Test("the in-memory site is byte-identical to what build writes")
    func memoryEqualsDisk() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let (_, memory) = memoryBuild(site, memory: BuildMemory())
        site.build()
        var disk = try site.snapshot()
        disk[SiteWriter.markerName] = nil
        #expect(memory == disk)
    }
}
