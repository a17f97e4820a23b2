import Foundation
import Testing
@testable import GuideSiteCore

/// The navigation a JavaScript-configured library writes as plain data orders its pages, titles
/// those without a title of their own and titles the sections (`LibraryConfig+Navigation`).
@Suite("Docusaurus's sidebars.js, VitePress's and Starlight's sidebar")
struct DocsNavigationTests {
    static let pages = [
        "intro.md": "---\ntitle: Introduction\n---\nText.\n",
        "components/button.md": "A control that acts.\n",
        "components/tooltip.md": "---\ntitle: Tooltip\n---\nText.\n",
    ]

    static func files(_ configuration: [String: String], in folder: String) -> [String: String] {
        var files = configuration
        for (path, text) in pages { files[folder + path] = text }
        return files
    }

    static let libraries: [(String, [String: String], String)] = [
        ("Docusaurus", files(["docusaurus.config.js": "export default { title: 'Handbook' };\n",
                              "sidebars.js": """
                              // @ts-check
                              const sidebars = {
                                docs: [
                                  'intro',
                                  {type: 'category', label: 'Controls', items: ['components/tooltip', {type: 'doc', id: 'components/button', label: 'Push button'}]},
                                ],
                              };
                              module.exports = sidebars;
                              """], in: "docs/"), "sidebars.js (3 pages, 1 sections)"),
        ("VitePress", files([".vitepress/config.mts": """
                             export default { title: 'Handbook', themeConfig: { sidebar: [
                               { text: 'Introduction', link: '/intro' },
                               { text: 'Controls', items: [{ text: 'Tooltips', link: '/components/tooltip' }, { text: 'Push button', link: '/components/button.md' }] },
                             ] } }
                             """], in: ""), "sidebar (3 pages, 1 sections)"),
        ("Starlight", files(["astro.config.mjs": """
                             import starlight from '@astrojs/starlight';
                             export default defineConfig({ integrations: [starlight({ title: 'Handbook', sidebar: [
                               'intro',
                               { label: 'Controls', items: ['components/tooltip', { slug: 'components/button', label: 'Push button' }] },
                               { label: 'Reference', autogenerate: { directory: 'reference' } },
                             ] })] });
                             """], in: "src/content/docs/"), "sidebar (3 pages, 1 sections)"),
    ]

    @Test("the navigation's order (not the files'), its title for a page without one, its group as the section's title")
    func ordered() throws {
        for (generator, files, taken) in Self.libraries {
            let site = try TestSite(files)
            defer { site.remove() }
            let result = site.build()
            #expect(result.outcome == .success, "\(generator): \(result.printed)")
            #expect(result.configuration.first?.contains(taken) == true, "\(generator): \(result.configuration)")
            let section = try #require(OtherGeneratorLibrariesTests.readerText(of: site)["components/index.html"])
            let order = ["Tooltip", "Push button"].map { section.range(of: "/\">\($0)</a>")?.lowerBound }
            #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]!, "\(generator): the sidebar's order, not the names'")
            #expect(try site.html("components/button/index.html").contains("<title>Push button"), "\(generator): the sidebar's title for a page without one")
            #expect(try site.html("index.html").contains(">Controls</a>"), "\(generator): the group titles the section")
            // A page with a title of its own keeps it, and the navigation shows the sidebar's.
            let tooltip = try site.html("components/tooltip/index.html")
            #expect(tooltip.contains("<title>Tooltip"), "\(generator)")
            if generator == "VitePress" { #expect(tooltip.contains("aria-current=\"page\">Tooltips</a>"), "\(generator): \(tooltip)") }
        }
    }

    @Test("a page's title in the navigation alone: linkTitle (GuideSite's, Hugo's), sidebar_label (Docusaurus), sidebar.label (Starlight)")
    func navigationTitles() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nsections:\n  components: {title: Components}\n",
            "Content/components/a.md": "---\ntitle: Accordion component\nlinkTitle: Accordion\n---\nText.\n",
            "Content/components/b.md": "---\ntitle: Button component\nsidebar_label: Button\n---\nText.\n",
            "Content/components/c.md": "---\ntitle: Checkbox component\nsidebar:\n  label: Checkbox\n  order: 1\n---\nText.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.diagnostics.isEmpty, "\(result.printed)")
        let page = try site.html("components/a/index.html")
        #expect(page.contains("<h1 id=\"page-title\">Accordion component</h1>"))
        let start = try #require(page.range(of: "<nav class=\"site-nav\""))
        let navigation = String(page[start.lowerBound..<page.range(of: "</nav>", range: start.upperBound..<page.endIndex)!.upperBound])
        let titles = ["Checkbox", "Accordion", "Button"].map { navigation.range(of: "\">\($0)</a>")?.lowerBound }
        #expect(titles.allSatisfy { $0 != nil } && titles == titles.sorted { $0! < $1! }, "\(navigation)")
        #expect(!navigation.contains("component</a>"), "\(navigation)")
    }

    @Test("a navigation title edited: every page listing it shows the new one, patched on disk and in the preview as a fresh build")
    func navigationTitleEdited() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nsections:\n  components: {title: Components}\n",
            "Content/components/a.md": "---\ntitle: Accordion component\nlinkTitle: Accordion\n---\nText.\n",
            "Content/components/b.md": "---\ntitle: Button component\n---\nText.\n",
        ])
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        site.build()
        try site.write(Data("---\ntitle: Accordion component\nlinkTitle: Accordions\n---\nText.\n".utf8), to: "Content/components/a.md")
        try site.age(by: 100, only: ["Content/components/a.md"])
        let again = try site.againstFresh(changed: ["Content/components/a.md"], memory: memory)
        #expect(String(decoding: try #require(again.reference.files["components/b/index.html"]), as: UTF8.self).contains(">Accordions</a>"))
        #expect(again.differentOnDisk.isEmpty, "\(again.differentOnDisk)")
        #expect(again.differentServed.isEmpty)
        #expect(again.onDisk.patched && again.served.patched, "the edit took the patch, as the tests mean")
    }

    @Test("an edit of sidebars.js is seen by the next build and by the preview; a sidebar computed in JavaScript is said, the pages keep their order")
    func edited() throws {
        let (_, files, _) = Self.libraries[0]
        let site = try TestSite(files)
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        #expect(site.build().errorCount == 0)
        let swapped = files["sidebars.js"]!.replacingOccurrences(of: "['components/tooltip', {type: 'doc', id: 'components/button', label: 'Push button'}]",
                                                                 with: "[{type: 'doc', id: 'components/button', label: 'Push button'}, 'components/tooltip']")
        try site.write(Data(swapped.utf8), to: "sidebars.js")
        try site.age(by: 100, only: ["sidebars.js"])
        let again = site.build()
        #expect(!again.upToDate)
        let section = try site.html("components/index.html")
        #expect(section.range(of: "/\">Push button</a>")!.lowerBound < section.range(of: "/\">Tooltip</a>")!.lowerBound)
        // The preview, told of the file by the watcher, shows it too, as a fresh build does.
        var preview = BuildRequest(root: site.root)
        preview.knownChanges = [site.root.appending(path: "sidebars.js").standardizedFileURL.path]
        let output = MemoryOutput()
        _ = SiteBuilder().build(preview, into: output, memory: memory)
        let served = String(decoding: try #require(output.files["components/index.html"]), as: UTF8.self)
        #expect(served == section)
        try site.write(Data("module.exports = require('./generated-sidebars');\n".utf8), to: "sidebars.js")
        try site.age(by: 200, only: ["sidebars.js"])
        let computed = site.build()
        #expect(computed.configuration.contains { $0.contains("`sidebars.js` (computed in JavaScript") }, "\(computed.configuration)")
    }
}
