import Foundation
import Testing
@testable import GuideSiteCore

@Suite("A library's own configuration: Jekyll's _config.yml, Hugo's hugo.toml, Eleventy's conventions")
struct LibraryConfigTests {
    /// A `_config.yml` as Jekyll's documentation writes one.
    static let jekyllConfig = """
        # Site settings
        title: Accessible components
        description: >-
          How our components meet WCAG 2.2.
        url: "https://example.github.io"
        baseurl: "/a11y" # the subpath of your site
        lang: fr_CA
        theme: minima
        plugins:
          - jekyll-feed
        collections:
          components:
            output: true
            permalink: /:collection/:name
          snippets:
            output: false
        defaults:
          -
            scope:
              path: ""
              type: "components"
            values:
              layout: "entry"
              platform: web
          -
            scope:
              path: "_components/legacy"
            values:
              platform: legacy
        exclude:
          - README.md
          - drafts/
        """

    @Test("Jekyll: title, description, url with baseurl, lang, collections as sections with their permalinks, output: false excluded, defaults, exclude")
    func jekyll() {
        let library = LibraryConfig.jekyll(Self.read(Self.jekyllConfig), path: "_config.yml")
        let parsed = SiteConfigParser().parse(nil, path: "site.yml", library: library)
        let config = parsed.value
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(config.title == "Accessible components")
        #expect(config.description == "How our components meet WCAG 2.2.")
        #expect(config.url == "https://example.github.io/a11y/")
        #expect(config.basePath == "/a11y/")
        #expect(config.language == "fr-CA")
        #expect(config.contentFolder == ".")
        #expect(config.sections.map(\.name) == ["_components"])
        #expect(config.sections.first?.title == "Components")
        #expect(config.permalinks["_components"] == "/:section/:filename/")
        #expect(config.exclude == ["README.md", "drafts/", "_snippets"])
        #expect(config.excludes("README.md") && config.excludes("drafts/old.md") && config.excludes("_snippets/a.md"))
        #expect(!config.excludes("docs/README.md"))
        // The most specific scope wins; a type scope reaches only its collection.
        #expect(config.frontMatterDefaults(for: "_components/button.md").map { "\($0.key)=\($0.value.text ?? "")" } == ["layout=entry", "platform=web"])
        #expect(config.frontMatterDefaults(for: "_components/legacy/tabs.md").map { "\($0.key)=\($0.value.text ?? "")" } == ["layout=entry", "platform=legacy"])
        #expect(config.frontMatterDefaults(for: "about.md").isEmpty)
        // Jekyll's own keys stay for templates.
        #expect(config.entries["theme"]?.value.text == "minima")
        let report = config.configurationReport.joined(separator: "\n")
        #expect(report.contains("Read _config.yml (Jekyll): title, description, url and baseurl, lang, 2 collections, their permalinks, 2 front matter defaults, exclude"))
        #expect(report.contains("not carried over: `theme` (GuideSite's theme is used; `Templates/` changes it); `plugins` (Ruby plugins do not run)"))
    }

    @Test("site.yml replaces the library's settings key by key, and the report says which; each problem is shown in its own file")
    func siteYMLOverrides() {
        let library = LibraryConfig.jekyll(Self.read(Self.jekyllConfig + "\nincludes_dir: partials\n"), path: "_config.yml")
        let parsed = SiteConfigParser().parse("title: Our guide\ncontent: docs\nlanguage: not a tag\n", path: "site.yml", library: library)
        #expect(parsed.value.title == "Our guide")
        #expect(parsed.value.contentFolder == "docs")
        #expect(parsed.value.includesFolder == "partials")
        #expect(parsed.value.url == "https://example.github.io/a11y/")
        #expect(parsed.diagnostics.count == 1)
        #expect(parsed.diagnostics.first?.description.hasPrefix("site.yml:3:1: error: [site-config] `language` must be a language tag") == true)
        #expect(parsed.value.configurationReport.contains("  site.yml sets instead: language, title"))
        // `markdown:` switches one by one: kramdown's raw HTML stays beside site.yml's tabs.
        let markdown = SiteConfigParser().parse("markdown: {tabs: false}\n", path: "site.yml", library: library).value
        #expect(markdown.unsafeHTML && !markdown.tabs)
        #expect(!SiteConfigParser().parse("markdown: {unsafe-html: false}\n", path: "site.yml", library: library).value.unsafeHTML)
        let bad = LibraryConfig.jekyll(Self.read("title: A\nexclude: {a: b}\n"), path: "_config.yml")
        #expect(SiteConfigParser().parse(nil, path: "site.yml", library: bad).diagnostics.map(\.description).first?.hasPrefix("_config.yml:2:") == true)
    }

    @Test("Hugo: title, baseURL, copyright, params' description, languages by weight with the default first, permalinks, goldmark's unsafe")
    func hugo() {
        let toml = """
            baseURL = 'https://example.org/handbook/'
            title = 'Mobile accessibility handbook'
            copyright = '© 2026 The handbook team'
            defaultContentLanguage = 'en'
            theme = 'docsy'

            [params]
              description = 'Patterns for accessible apps.'

            [permalinks]
              [permalinks.page]
                patterns = '/patterns/:slug/'
                posts = '/:year/:month/:slug/'

            [languages]
              [languages.fr]
                languageName = 'Français'
                title = 'Guide mobile'
                weight = 2
              [languages.en]
                languageName = 'English'
                weight = 1
              [languages.ar]
                weight = 3

            [markup.goldmark.renderer]
              unsafe = true
            """
        let read = HugoFrontMatter.readTOML(toml, firstLine: 1, path: "hugo.toml")
        guard case .map(let map) = read.value else { Issue.record("not read: \(read.diagnostics)"); return }
        let parsed = SiteConfigParser().parse(nil, path: "site.yml", library: LibraryConfig.hugo(map, path: "hugo.toml"))
        let config = parsed.value
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(config.title == "Mobile accessibility handbook")
        #expect(config.url == "https://example.org/handbook/" && config.basePath == "/handbook/")
        #expect(config.footer == "© 2026 The handbook team")
        #expect(config.description == "Patterns for accessible apps.")
        #expect(config.contentFolder == "content")
        #expect(config.languages.map(\.code) == ["en", "fr", "ar"])
        #expect(config.languages.map(\.name) == ["English", "Français", "العربية"])
        #expect(config.languages[2].direction == .rtl)
        #expect(config.languages[1].title == "Guide mobile")
        #expect(config.permalinks == ["patterns": "/patterns/:slug/"])
        #expect(config.unsafeHTML)
        #expect(config.configurationReport.joined(separator: "\n").contains("the permalink of `posts` (`/:year/:month/:slug/`: a token GuideSite does not know)"))
    }

    @Test("Eleventy: dir.input and dir.includes read from the configuration's plain strings, else Eleventy's defaults")
    func eleventy() {
        let script = """
            export default function (eleventyConfig) {
              eleventyConfig.addPassthroughCopy("src/img");
              return {
                dir: {
                  input: "src",
                  includes: "_partials",
                },
              };
            }
            """
        let config = SiteConfigParser().parse(nil, path: "site.yml", library: LibraryConfig.eleventy(script, path: "eleventy.config.js")).value
        #expect(config.contentFolder == "src")
        #expect(config.includesFolder == "_partials")
        let plain = SiteConfigParser().parse(nil, path: "site.yml", library: LibraryConfig.eleventy("module.exports = () => {};", path: ".eleventy.js")).value
        #expect(plain.contentFolder == ".")
        #expect(plain.includesFolder == "_includes")
    }

    @Test("a Jekyll library without site.yml builds from its _config.yml: collections, defaults, data files, exclude, and the report")
    func jekyllBuild() throws {
        let site = try TestSite([
            "_config.yml": "title: Team library\nbaseurl: /lib\ncollections:\n  components:\n    output: true\ndefaults:\n  - scope: {path: \"\", type: components}\n    values: {layout: entry, owner: Design systems}\nexclude: [README.md]\n",
            "_data/contacts.yml": "email: a11y@example.org\n",
            "_components/switch.md": "---\ntitle: Switch\n---\nOwned by {{ page.owner }}; write to {{ site.data.contacts.email }}.\n",
            "index.md": "# Team library\n",
            "README.md": "# How to run this repository\n",
            "Gemfile": "source 'https://rubygems.org'\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        let page = try site.html("components/switch/index.html")
        #expect(page.contains("Owned by Design systems; write to <a href=\"mailto:a11y@example.org\">a11y@example.org</a>."))
        #expect(try site.html("index.html").contains("Team library"))
        #expect(!site.exists("README/index.html") && !site.exists("readme/index.html"))
        #expect(result.configuration.first == "Read _config.yml (Jekyll): title, baseurl, 1 collection, 1 front matter default, exclude")
    }

    @Test("a GuideSite Content/ folder beside a _config.yml stays the content folder, unless the configuration names another")
    func contentFolderStays() throws {
        let site = try TestSite(["_config.yml": "title: Pages site\n", "Content/index.md": "# Home\n", "README.md": "# Read me\n"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.content?.lastPathComponent == "Content")
        #expect(!site.exists("README/index.html") && !site.exists("Content/index.html"))
        try site.write(Data("title: Pages site\nsource: docs\n".utf8), to: "_config.yml")
        try site.write(Data("# Docs\n".utf8), to: "docs/index.md")
        #expect(site.build(fresh: true).content?.lastPathComponent == "docs")
    }

    @Test("Eleventy's directory data files are the front matter of their folder's pages, a page's own keys first")
    func eleventyDirectoryData() throws {
        let site = try TestSite([
            "eleventy.config.js": "module.exports = function () { return { dir: { input: \"src\" } }; };\n",
            "src/index.md": "# Guide\n",
            "src/posts/posts.json": "{ \"author\": \"Ana Lima\", \"tags\": [\"articles\"] }\n",
            "src/posts/one.md": "---\ntitle: One\ndate: 2024-05-01\n---\nText.\n",
            "src/posts/two.md": "---\ntitle: Two\nauthor: Ben Ito\ndate: 2024-06-01\n---\nText.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(try site.html("posts/one/index.html").contains("Ana Lima"))
        let two = try site.html("posts/two/index.html")
        #expect(two.contains("Ben Ito") && !two.contains("Ana Lima"))
        #expect(result.configuration.first == "Read eleventy.config.js (Eleventy): content folder `src` (dir.input)")
    }

    static func read(_ yaml: String) -> [FrontEntry] {
        if case .map(let entries) = YAMLReader().read(yaml, firstLine: 1, path: "_config.yml").value { return entries }
        return []
    }
}
