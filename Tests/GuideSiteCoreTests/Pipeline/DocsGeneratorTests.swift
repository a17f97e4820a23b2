import Foundation
import Testing
@testable import GuideSiteCore

/// Libraries written for MkDocs, Docusaurus, VitePress and Starlight, read through their own
/// configuration: none of these generators runs a template engine over pages.
@Suite("Libraries written for MkDocs, Docusaurus, VitePress and Starlight")
struct DocsGeneratorTests {
    @Test("the MkDocs library: mkdocs.yml alone (Python tags and all), nav's order and section titles, template code shown as written")
    func mkdocs() throws {
        let site = try LibraryFixtureTests.copy("mkdocs-library")
        defer { site.remove() }
        let result = site.build()
        // Two icons and a button's class: left out, each said (the report counts them).
        #expect(result.outcome == .success && result.warningCount == 3, "\(result.printed)")
        #expect(result.diagnostics.allSatisfy { $0.path == "docs/components/dialog.md" && $0.category == "foreign-markup" }, "\(result.printed)")
        #expect(!(try site.html("components/dialog/index.html")).contains(":material-check:"))
        #expect(result.configuration.first == "Read mkdocs.yml (MkDocs): site_name, site_description, site_url, copyright, nav (8 pages, 2 sections)")
        #expect(result.configuration.contains { $0.contains("`nav` titles of pages with a title of their own") })
        let home = try site.html("index.html")
        let sections = ["Getting started", "Components"].map { home.range(of: "\">\($0)</a>")?.lowerBound }
        #expect(sections.allSatisfy { $0 != nil } && sections[0]! < sections[1]!, "nav's order, not the folders' (c before g)")
        let components = try site.html("components/index.html")
        let entries = ["Disclosure widget", "Dialog", "Tooltip"].map { components.range(of: "/\">\($0)</a>")?.lowerBound }
        #expect(entries.allSatisfy { $0 != nil } && entries == entries.sorted { $0! < $1! }, "nav's order; a page nav does not list last")
        let disclosure = try site.html("components/disclosure/index.html")
        #expect(disclosure.contains("prints the label with <code>{{ label }}</code> and repeats the region with\n<code>{% for item in items %}</code>"))
        #expect(disclosure.contains("<code>{% raw %}{{ region.text }}{% endraw %}"))
        #expect(disclosure.contains("<link rel=\"canonical\" href=\"https://handbook.example.org/components/disclosure/\">"))
        #expect(try site.html("getting-started/keyboard/index.html").contains("<details"), "??? tip")
        // Python-Markdown's ids: `_` kept, a repeated heading `_1`; the links to them resolve (no warning above).
        let keyboard = try site.html("getting-started/keyboard/index.html")
        #expect(keyboard.contains("id=\"focus_visible\"") && keyboard.contains("id=\"notes_1\""))
        #expect(disclosure.contains("href=\"../../getting-started/keyboard/#notes_1\""))
    }

    @Test("Docusaurus, VitePress and Starlight: found by their configuration, titled from it, their content folder read, no template run")
    func javaScriptConfigured() throws {
        let page = "---\ntitle: Focus\nsidebar_position: 1\n---\nVue and MDX print `{{ count }}`; Liquid's `{% if %}` means nothing here.\n"
            + "\n## Keyboard & focus\n\nSee [the same](#keyboard--focus), github-slugger's id.\n"
        let libraries: [(String, [String: String], String)] = [
            ("Docusaurus", ["docusaurus.config.js": "export default {\n  title: 'Focus handbook',\n  url: 'https://example.org',\n};\n",
                            "docs/focus.md": page], "Read docusaurus.config.js (Docusaurus): title"),
            ("VitePress", ["docs/.vitepress/config.mts": "import { defineConfig } from 'vitepress'\nexport default defineConfig({\n  title: \"Focus handbook\",\n})\n",
                           "docs/focus.md": page], "Read docs/.vitepress/config.mts (VitePress): title"),
            ("Starlight", ["astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default defineConfig({\n  integrations: [starlight({ title: 'Focus handbook' })],\n});\n",
                           "src/content/docs/focus.md": page], "Read astro.config.mjs (Starlight): title"),
        ]
        for (generator, files, read) in libraries {
            let site = try TestSite(files)
            defer { site.remove() }
            let result = site.build()
            #expect(result.outcome == .success && result.warningCount == 0, "\(generator): \(result.printed)")
            #expect(try site.html("focus/index.html").contains("id=\"keyboard--focus\""), "\(generator)")
            #expect(result.configuration.first == read, "\(generator): \(result.configuration)")
            #expect(result.title == "Focus handbook", "\(generator)")
            let focus = try site.html("focus/index.html")
            #expect(focus.contains("print <code>{{ count }}</code>; Liquid’s <code>{% if %}</code>") || focus.contains("print <code>{{ count }}</code>; Liquid's <code>{% if %}</code>"),
                    "\(generator)")
        }
    }

    @Test("Jekyll and Eleventy still run Liquid; an Astro site without Starlight is no library")
    func templatesWhereTheGeneratorRunsThem() throws {
        let jekyll = try TestSite(["_config.yml": "title: Guide\n", "focus.md": "---\ntitle: Focus\n---\nThe guide {{ site.title }}.\n"])
        defer { jekyll.remove() }
        #expect(jekyll.build().errorCount == 0)
        #expect(try jekyll.html("focus/index.html").contains("The guide Guide."))
        let astro = try TestSite(["astro.config.mjs": "export default defineConfig({ title: 'Shop' });\n", "Content/focus.md": "# Focus\n\nText.\n"])
        defer { astro.remove() }
        #expect(astro.build().configuration.first?.hasPrefix("Read astro") != true)
    }

    @Test("files and folders named _… are the generator's own in Jekyll (but collections and posts), Docusaurus and Starlight: never published")
    func underscoreIsPrivate() throws {
        let jekyll = try TestSite([
            "_config.yml": "title: Guide\ninclude: [_pages]\ncollections:\n  components:\n    output: true\n",
            "_pages/about.md": "---\ntitle: About\npermalink: /about/\n---\nJekyll's include: publishes it.\n",
            "_components/button.md": "---\ntitle: Button\n---\nText.\n",
            "_posts/2024-01-02-news.md": "---\ntitle: News\n---\nText.\n",
            "guides/_draft.md": "---\ntitle: Draft\n---\nNot yet.\n",
            "_notes/idea.md": "---\ntitle: Idea\n---\nNot a page.\n",
            "guides/focus.md": "---\ntitle: Focus\n---\nText.\n",
        ])
        defer { jekyll.remove() }
        #expect(jekyll.build().errorCount == 0)
        let written = try jekyll.snapshot().keys.filter { $0.hasSuffix("index.html") }
        #expect(written.contains { $0.contains("button") } && written.contains { $0.contains("news") } && written.contains("guides/focus/index.html"))
        #expect(!written.contains { $0.contains("draft") || $0.contains("idea") }, "\(written.sorted())")
        #expect(written.contains("about/index.html"), "include: [_pages]: \(written.sorted())")

        let docusaurus = try TestSite([
            "docusaurus.config.js": "export default { title: 'Handbook' };\n",
            "docs/focus.mdx": "---\ntitle: Focus\n---\nText.\n",
            "docs/_snippet.mdx": "A partial other pages import.\n",
            "docs/guides/_category_.json": "{\"label\": \"Guides\"}\n",
        ])
        defer { docusaurus.remove() }
        #expect(docusaurus.build().errorCount == 0)
        #expect(docusaurus.exists("focus/index.html") && !docusaurus.exists("_snippet/index.html") && !docusaurus.exists("snippet/index.html"))
        #expect(!docusaurus.exists("guides/_category_.json"))

        let vitepress = try TestSite([".vitepress/config.mts": "export default { title: 'Handbook' }\n", "_kept.md": "# Kept\n\nVitePress publishes it.\n"])
        defer { vitepress.remove() }
        #expect(vitepress.build().errorCount == 0)
        #expect(try vitepress.snapshot().values.contains { String(decoding: $0, as: UTF8.self).contains("VitePress publishes it.") })
    }
}

extension DocsGeneratorTests {
    @Test("Docusaurus's _category_.json titles and orders the sections, and an edit of it is seen by the next build; Starlight's sidebar.order orders pages")
    func categoryFiles() throws {
        let site = try TestSite([
            "docusaurus.config.js": "export default { title: 'Handbook' };\n",
            "docs/intro.md": "---\ntitle: Intro\n---\nText.\n",
            "docs/apis/_category_.json": "{\"label\": \"Platform APIs\", \"position\": 2}\n",
            "docs/apis/roles.md": "---\ntitle: Roles\n---\nText.\n",
            "docs/basics/_category_.yml": "label: First steps\nposition: 1\n",
            "docs/basics/focus.md": "---\ntitle: Focus\nsidebar:\n  order: 2\n---\nText.\n",
            "docs/basics/contrast.md": "---\ntitle: Contrast\nsidebar:\n  order: 1\n---\nText.\n",
        ])
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        #expect(site.build().errorCount == 0)
        let home = try site.html("index.html")
        let order = ["First steps", "Platform APIs"].map { home.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]!, "position 1 before 2, not the folders' order")
        let basics = try site.html("basics/index.html")
        #expect(basics.range(of: ">Contrast</a>")!.lowerBound < basics.range(of: ">Focus</a>")!.lowerBound, "sidebar.order")
        #expect(!site.exists("apis/_category_.json"))
        try site.write(Data("{\"label\": \"Programming interfaces\", \"position\": 0}\n".utf8), to: "docs/apis/_category_.json")
        try site.age(by: 100, only: ["docs/apis/_category_.json"])
        let again = site.build()
        #expect(!again.upToDate)
        let moved = try site.html("index.html")
        #expect(moved.range(of: ">Programming interfaces</a>")!.lowerBound < moved.range(of: ">First steps</a>")!.lowerBound)
        // The preview, told of the file by the watcher, shows it too.
        var preview = BuildRequest(root: site.root)
        preview.knownChanges = [site.root.appending(path: "docs/apis/_category_.json").standardizedFileURL.path]
        let output = MemoryOutput()
        _ = SiteBuilder().build(preview, into: output, memory: memory)
        let served = String(decoding: try #require(output.files["index.html"]), as: UTF8.self)
        #expect(served.contains(">Programming interfaces</a>"))
    }
}

extension DocsGeneratorTests {
    @Test("VitePress: <script setup> goes with its code, a global component (<Badge>) unimported is left out with a warning, its text kept")
    func vueInMarkdown() throws {
        let site = try TestSite([
            ".vitepress/config.mts": "export default { title: 'Handbook' }\n",
            "counter.md": "# Counter\n\n<script setup>\nimport { ref } from 'vue'\nconst count = ref(0)\n</script>\n\n"
                + "A counter <Badge type=\"tip\" text=\"new\" /> that a screen reader announces.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0)
        #expect(Set(result.diagnostics.map(\.category)) == ["foreign-markup", "mdx-component"], "\(result.printed)")
        let page = try site.html("counter/index.html")
        #expect(!page.contains("const count") && !page.contains("import {") && !page.contains("<Badge"))
        #expect(page.contains("A counter  that a screen reader announces.") || page.contains("A counter that a screen reader announces."), "\(page)")
    }
}

