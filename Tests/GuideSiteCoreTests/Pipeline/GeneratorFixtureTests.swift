import Foundation
import Testing
@testable import GuideSiteCore

/// The fixture libraries written in the style of Jekyll's, Eleventy's and Hugo's documentation,
/// each read through its generator's own configuration.
@Suite("Libraries written for Jekyll, Eleventy and Hugo")
struct GeneratorFixtureTests {
    @Test("the Jekyll library: _config.yml alone, kramdown, a theme's includes that open and close an aside, data files, loops, translations by ref")
    func jekyll() throws {
        let site = try LibraryFixtureTests.copy("jekyll-kramdown-library")
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.warningCount == 0, "\(result.printed)")
        #expect(result.configuration.first == "Read _config.yml (Jekyll): title, description, url and baseurl, lang, 2 collections, their permalinks, 2 front matter defaults, exclude")
        #expect(result.configuration.contains("Languages named by the pages' `lang:`: English (`en`, the default), Français (`fr`, 3 pages)"))
        let toggle = try site.html("components/toggle-button/index.html")
        #expect(toggle.contains("<link rel=\"canonical\" href=\"https://design.example.org/a11y/components/toggle-button/\">"))
        #expect(toggle.contains("Owner: Design systems team."), "front matter defaults")
        #expect(toggle.contains("<aside class=\"callout callout-warning\" aria-label=\"Not a switch\">\n<p class=\"callout-title\"><strong>Not a switch</strong></p>\n<p>Use a <strong>switch</strong>"))
        #expect(toggle.contains("<li>\n<p><strong>Space</strong> toggles the pressed state</p>"), "a loop over the front matter, a condition in it")
        #expect(toggle.contains("aria-pressed=</span><span class=\"hl-string\">&quot;false&quot;"), "the include inside highlight is the code sample")
        #expect(toggle.contains("<p class=\"note\">The <code>aria-pressed</code> attribute carries the state.</p>"), "nomarkdown")
        #expect(toggle.contains("<ul class=\"wcag-list\">\n  <li>4.1.2</li>\n  <li>2.1.1</li>\n</ul>"), "an include's parameter read by a loop")
        #expect(toggle.contains("<a href=\"../../about-the-guide/\">the guide's scope</a>"), "a link with the base path to a permalink without its slash")
        #expect(toggle.contains("<nav class=\"page-contents\" aria-label=\"Contents\">"), "{:toc}")
        #expect(toggle.components(separatedBy: "<h1").count == 2)
        let home = try site.html("index.html")
        #expect(home.contains("<td>Date grid</td>\n<td>in review</td>"), "a loop over a data file")
        #expect(home.contains("<a href=\"mailto:a11y@design.example.org\">Design systems team</a>"))
        #expect(!site.exists("README/index.html") && !site.exists("readme/index.html") && !site.exists("snippets/unused/index.html"))
        // Translations by ref, at their sources' places in the French site.
        let french = try site.html("fr/components/toggle-button/index.html")
        #expect(french.contains("<html lang=\"fr\"") && french.contains("Un bouton bascule"))
        #expect(toggle.contains("hreflang=\"fr\""))
        #expect(try site.html("fr/components/tabs/index.html").contains("plus à jour"), "translation: {outdated: true}")
        #expect(try site.html("fr/index.html").contains("Chaque page de composant"))
        let post = try site.html("posts/2024-03-05-new-focus-guidance/index.html")
        #expect(post.contains("<time datetime=\"2024-03-05") && post.contains("Accessibility guild") && !post.contains("basket-toggle"))
    }

    @Test("the Eleventy design system: eleventy.config.js's folders, macros run or become notes linked to their source, directory and global data")
    func eleventy() throws {
        let site = try LibraryFixtureTests.copy("eleventy-library")
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0)
        #expect(result.configuration.first == "Read eleventy.config.js (Eleventy): content folder `src` (dir.input), includes `_includes` (dir.includes), data `_data` (dir.data)")
        let button = try site.html("components/button/index.html")
        #expect(button.contains("<p><strong>Example not shown:</strong> button, default (<a href=\"../../examples/button/default.njk\">source</a>)</p>"))
        #expect(button.contains("<p><strong>Example not shown:</strong> button, disabled</p>"))
        #expect(button.contains("The target is at least 24 by 24 CSS pixels. The name of button components"))
        #expect(button.contains("<aside class=\"note\">"))
        #expect(button.contains("basket-toggle"), "an entry with tests")
        #expect(!site.exists("cta/index.html") && !site.exists("components/button/cta/index.html"))
        #expect(!(try site.html("components/link/index.html")).contains("Visited links"), "an unset variable's condition is false")
        let home = try site.html("index.html")
        #expect(home.contains("<div class=\"card\">\n  <h2 class=\"card-title\"><a href=\"./components/button/\">Button</a></h2>\n<p>Buttons start an action. Maintained by Design system team.</p>\n</div>"))
        let post = try site.html("posts/2024-05-01-focus-order/index.html")
        #expect(post.contains("<time datetime=\"2024-05-01T12:00:00+00:00\">1 May 2024</time> · <span class=\"authors\">Ana Lima</span>"))
        #expect(!post.contains("basket-toggle") && !site.exists("posts/2024-05-01-focus-order/2024-05-01-focus-order.feature"))
        #expect(try site.html("posts/2024-06-12-target-size/index.html").contains("Reviewed by Design system team."), "posts/posts.json")
        let posts = try site.html("posts/index.html")
        #expect(posts.range(of: "target-size")!.lowerBound < posts.range(of: "focus-order")!.lowerBound, "newest first")
        #expect(site.exists("categories/keyboard/index.html") && site.exists("categories/pointer-input/index.html"))
        // A Nunjucks template is a page, its HTML as written (an indented line is no code); one
        // that writes a feed is left out, said at its permalink; a copied folder's stay files.
        let about = try site.html("about/index.html")
        #expect(about.contains("<title>About the design system") && about.contains("<p>The accessibility work of the Design system team, written down.</p>"))
        #expect(about.contains("    <p>Ask in #design-system when a page does not answer.</p>") && !about.contains("<pre"), "\(about)")
        #expect(about.contains("<a href=\"../components/button/\">Button</a>"))
        #expect(!site.exists("about.njk") && !site.exists("feed.njk") && !site.exists("feed.xml/index.html"))
        #expect(result.diagnostics.contains { $0.path == "src/feed.njk" && $0.line == 2 && $0.category == "library-template" }, "\(result.printed)")
        #expect(site.exists("examples/button/default.njk"), "addPassthroughCopy(\"src/examples\")")
    }

    @Test("Eleventy's templates: without front matter a page too, `permalink: false` none, a JavaScript template never published")
    func eleventyTemplates() throws {
        let site = try TestSite([
            "eleventy.config.js": "export default function (config) { config.addPassthroughCopy('demos'); }\n",
            "index.md": "# Home\n",
            "plain.njk": "<p>No front matter here.</p>\n",
            "data.njk": "---\npermalink: false\n---\n<p>Data only.</p>\n",
            "feed.11ty.js": "export default class { render() { return 'x'; } }\n",
            "demos/a.njk": "<p>{{ not run }}</p>\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0, "\(result.printed)")
        #expect(try site.html("plain/index.html").contains("<p>No front matter here.</p>"))
        #expect(try site.html("plain/index.html").contains("<title>Plain"))
        #expect(!site.exists("data/index.html") && !site.exists("data.njk") && !site.exists("feed.11ty.js") && !site.exists("plain.njk"))
        #expect(site.exists("demos/a.njk"))
        #expect(result.diagnostics.map(\.path) == ["feed.11ty.js"], "\(result.printed)")
    }

    @Test("the Hugo handbook: hugo.toml alone, TOML and JSON front matter, _index.md pages, shortcodes, static/, translations by name and translationKey")
    func hugo() throws {
        let site = try LibraryFixtureTests.copy("hugo-library")
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0)
        #expect(result.configuration.first == "Read hugo.toml (Hugo): title, baseURL, copyright, description, 2 languages, permalinks, the page size of lists (pagerSize)")
        #expect(try site.html("index.html").contains("How our apps meet WCAG"), "content/_index.md is the home page")
        #expect(site.exists("search/page/2/index.html") && site.exists("de/search/page/2/index.html"), "[pagination] pagerSize = 1")
        #expect(!site.exists("-index/index.html") && !site.exists("docs/-index/index.html"))
        let toggle = try site.html("docs/switch/index.html")
        #expect(toggle.contains("<img src=\"../../images/switch.png\" alt=\"A switch in the on position\""))
        #expect(toggle.contains("<em>The on state</em>"))
        #expect(toggle.contains("class=\"language-swift\""))
        #expect(toggle.contains("Do not use a switch for an action that needs confirming."))
        #expect(toggle.contains("href=\"../../patterns/bottom-sheet/\""))
        #expect(toggle.contains("© 2026 The mobile accessibility team"))
        #expect(site.exists("images/switch.png"))
        #expect(try site.html("patterns/bottom-sheet/index.html").contains("href=\"../../wcag/2.4.3/\""))
        let german = try site.html("de/patterns/bottom-sheet/index.html")
        #expect(german.contains("<html lang=\"de\"") && german.contains("Der Fokus wechselt"))
        #expect(german.contains("<title>Unteres Blatt – Patterns – Handbuch für barrierefreie Apps</title>"))
        #expect(try site.html("de/docs/switch/index.html").contains("Ein Schalter nennt"))
        #expect(!site.exists("de/patterns/untere-leiste/index.html"))
    }

    @Test("Jekyll's HTML with front matter is a page it builds, without a file it copies; front matter added is seen by build and preview")
    func jekyllHTMLPages() throws {
        let site = try TestSite([
            "_config.yml": "title: Handbook\n",
            "index.md": "# Home\n",
            "about.html": "---\ntitle: About us\n---\n<h2>Who</h2>\n\n    <p>The {{ site.title }} team.</p>\n",
            "demo.html": "<!doctype html><title>Demo</title><p>A demo.</p>\n",
        ])
        defer { site.remove() }
        try site.age()
        let memory = BuildMemory()
        _ = SiteBuilder().build(BuildRequest(root: site.root), into: MemoryOutput(), memory: memory)
        let result = site.build()
        #expect(result.errorCount == 0, "\(result.printed)")
        let about = try site.html("about/index.html")
        #expect(about.contains("<title>About us") && about.contains("    <p>The Handbook team.</p>") && !about.contains("<pre"), "\(about)")
        #expect(site.exists("demo.html") && !site.exists("demo/index.html") && !site.exists("about.html"))
        // The demo given front matter becomes a page, in the next build and in the preview.
        try site.write(Data("---\ntitle: Demo page\n---\n<p>A demo.</p>\n".utf8), to: "demo.html")
        try site.age(by: 100, only: ["demo.html"])
        let again = try site.againstFresh(changed: ["demo.html"], memory: memory)
        #expect(site.exists("demo/index.html") && !site.exists("demo.html"))
        #expect(again.differentServed.isEmpty)
        #expect(again.differentOnDisk.isEmpty, "\(again.differentOnDisk)")
    }
}
