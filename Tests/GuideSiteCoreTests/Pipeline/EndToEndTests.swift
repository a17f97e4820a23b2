import Foundation
import Testing
@testable import GuideSiteCore

/// A fixture site in the shapes real guideline repositories have, written for these tests.
enum Fixtures {
    /// Clean front matter: criteria maps of block scalars, platform sections, a highlight block.
    static let cleanEntry = """
        ---
        layout: entry
        title:  "Stepper"
        categories: controls

        keyboard:
          tab, shift+tab or Ctl+tab: |
              Focus moves to the minus and plus buttons
          space: |
              The value goes down or up by one
              \u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20}
        mobile:
          swipe: |
              Focus reaches each button, which says its name and the value
          doubletap: |
             Changes the value

        screenreader:
          name:  |
              Says what is counted ("Tickets")
          role:  |
              Announced as a button, or as adjustable
        settings:
          text resize: |
            Numbers stay visible at 200% text size
        ---

        ## iOS

        ### Name
        - Label both buttons: "Fewer tickets", "More tickets".

        ## Android

        ### Code Example
        - **Jetpack Compose**
        {% highlight kotlin %}
        IconButton(onClick = { count-- }) { Icon(Icons.Default.Remove, "Fewer tickets") }
        {% endhighlight %}
        """

    /// Front matter with one-space indentation and a folded scalar, categories as words.
    static let looseEntry = """
        ---
        title: Segmented control
        categories: controls, navigation
        keyboard:
         arrow keys: >-
             Selection moves to the next
             segment
        ---
        ## Developer notes

        A row of mutually exclusive buttons.
        """

    /// Text pasted from a rich-text editor: no front matter, no heading, bullets as characters.
    static let pastedEntry = """
        Toast / Snackbar

        Success Criteria:

        Name Says what happened
        Role Announced as an alert when it appears

        \u{2022} iOS
            \u{2022} UIAccessibility.post(notification: .announcement, argument: message)
        """

    /// A technique library page: `# Title` first, W3C links under a heading.
    static let techniqueEntry = """
        # Progress indicators
        Spinners need an accessibility label that says what is loading.

        ## Applicable WCAG Success Criteria
        - [4.1.3: Status Messages](https://www.w3.org/WAI/WCAG22/Understanding/status-messages)
        """

    static func site() -> [String: String] {
        [
            "site.yml": "title: Test Guide\nlanguage: en-GB\nurl: https://a11y.example.com/guide/\nsections:\n  native:\n    title: Native apps\n",
            "Content/index.md": "---\ntitle: Welcome\n---\nStart here.\n",
            "Content/about.md": "# About us\n\nWho we are. See the [stepper](native/stepper.md#ios).\n",
            "Content/native/stepper.md": cleanEntry,
            "Content/native/segmented_control.md": looseEntry,
            "Content/native/Toast Snackbar.md": pastedEntry,
            "Content/native/progress.md": techniqueEntry,
            "Content/native/images/stepper.png": "not really a png",
            "Content/web/button.md": "---\ntitle: Button\norder: 1\n---\nUse `<button>`.\n",
            "Content/web/draft.md": "---\ntitle: Unfinished\ndraft: true\n---\nLater.\n",
            "Content/.hidden.md": "---\ntitle: Hidden\n---\n",
        ]
    }
}

@Suite("End to end")
struct EndToEndTests {
    @Test("a fixture site builds into clean URLs with titles, sections, criteria tables and copied files")
    func fixtureSite() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.diagnostics.isEmpty, "\(result.printed)")
        // 10 pages from Content/ and generated section, home and 404 pages, 89 WCAG pages (87
        // criteria, the index, coverage), the categories index with its 2 categories, search and
        // My criteria.
        #expect(result.pagesWritten == 10 + 89 + 3 + 2)

        let stepper = try site.html("native/stepper/index.html")
        #expect(stepper.contains("<html lang=\"en-GB\">"))
        #expect(stepper.contains("<title>Stepper – Native apps – Test Guide</title>"))
        #expect(stepper.contains("<h1 id=\"page-title\">Stepper</h1>"))
        #expect(stepper.components(separatedBy: "<h1").count == 2)
        // Criteria tables in file order, captioned, with header cells.
        let captions = ["<caption>Keyboard</caption>", "<caption>Mobile gestures</caption>", "<caption>Screen reader</caption>", "<caption>Device settings</caption>"]
        let positions = captions.compactMap { stepper.range(of: $0)?.lowerBound }
        #expect(positions.count == 4)
        #expect(positions == positions.sorted())
        let keys = ["tab, shift+tab or Ctl+tab", "space", "swipe", "doubletap"].compactMap { stepper.range(of: "<th scope=\"row\">\($0)</th>")?.lowerBound }
        #expect(keys.count == 4 && keys == keys.sorted())
        #expect(stepper.contains("<code class=\"language-kotlin\">IconButton"))
        #expect(!stepper.contains("_guidesite/events"), "the live-reload script is only added by serve")
        // Navigation and breadcrumbs.
        #expect(stepper.contains("<a class=\"skip-link\" href=\"#main-content\">"))
        #expect(stepper.contains("<main id=\"main-content\""))
        #expect(stepper.contains("<a href=\"../../native/\" aria-current=\"true\">Native apps</a>"))
        #expect(stepper.contains("<a href=\"../../native/stepper/\" aria-current=\"page\">Stepper</a>"))

        #expect(try site.html("native/segmented-control/index.html").contains("<th scope=\"row\">arrow keys</th><td>Selection moves to the next segment</td>"))
        #expect(try site.html("native/toast-snackbar/index.html").contains("<title>Toast / Snackbar – Native apps – Test Guide</title>"))
        let progress = try site.html("native/progress/index.html")
        #expect(progress.contains("<h1 id=\"page-title\">Progress indicators</h1>"))
        #expect(try site.html("about/index.html").contains("href=\"../native/stepper/#ios\""))
        #expect(try site.html("web/button/index.html").contains("<code>&lt;button&gt;</code>"))

        // Generated section page lists its entries; drafts and hidden files are skipped.
        let native = try site.html("native/index.html")
        #expect(native.contains("href=\"../native/stepper/\""))
        #expect(!site.exists("web/draft/index.html"))
        #expect(!site.exists("hidden/index.html"))
        #expect(site.exists("native/images/stepper.png"))
        #expect(site.exists("assets/site.css"))
        #expect(site.exists("404.html"))
        let sitemap = try site.html("sitemap.xml")
        #expect(sitemap.contains("<loc>https://a11y.example.com/guide/native/stepper/</loc>"))
        #expect(!sitemap.contains("404"))
    }

    @Test("site.yml markdown-extensions reads other extensions as pages")
    func extensions() throws {
        let site = try TestSite([
            "site.yml": "markdown-extensions: [md, TXT]\n",
            "Content/native/pasted.txt": Fixtures.pastedEntry,
            "Content/native/notes.text": "Not a page.\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        #expect(try site.html("native/pasted/index.html").contains("<h1 id=\"page-title\">Toast / Snackbar</h1>"))
        #expect(site.exists("native/notes.text"), "other files are still copied as they are")
    }

    @Test("a Jekyll repository builds as it is: _config.yml under site.yml, collections, includes, URL tags, permalink patterns, Kramdown attributes")
    func jekyllRepository() throws {
        let site = try TestSite([
            "site.yml": "content: .\ntitle: Checklist\n",
            "_config.yml": "title: Old site\ncollections: [checklist-web]\n",
            "Gemfile": "source 'https://rubygems.org'\n",
            "_layouts/default.html": "<html>{{ content }}</html>\n",
            "_includes/note.html": "<p>Shared note</p>\n",
            "index.md": "---\nlayout: default\ntitle: Checklist\n---\nSee the [button]({% link _checklist-web/button.md %}).\n",
            "_checklist-web/button.md": """
                ---
                layout: default
                title: Button
                permalink: /:collection/:name/
                ---
                {% include note.html %}

                Back [home]({{ site.baseurl }}/) or to the [link]({{ "/checklist-web/link/" | relative_url }}).
                {: .lead}
                """,
            "_checklist-web/link.md": "---\ntitle: Link\n---\nText.\n",
        ])
        defer { site.remove() }
        let result = SiteBuilder().build(BuildRequest(root: site.root, baseURL: "/guide/"))
        #expect(result.errorCount == 0, "\(result.printed)")
        let button = try site.html("checklist-web/button/index.html")
        // _config.yml's library is Jekyll's, whose kramdown keeps HTML: the include comes in as HTML.
        #expect(button.contains("<p>Shared note</p>"))
        #expect(button.contains("<p class=\"lead\">Back <a href=\"../../\">home</a>"))
        #expect(try site.html("index.html").contains("<title>Checklist</title>"), "site.yml's title over _config.yml's")
        #expect(button.contains("href=\"../../\""))
        #expect(button.contains("href=\"../../checklist-web/link/\""))
        #expect(!button.contains("{:"))
        #expect(try site.html("index.html").contains("href=\"./checklist-web/button/\""))
        #expect(!site.exists("_config.yml") && !site.exists("Gemfile") && !site.exists("_includes/note.html") && !site.exists("_layouts"))
        #expect(result.diagnostics.filter { $0.category == "unknown-layout" }.isEmpty)
        #expect(result.diagnostics.filter { $0.category == "library-layout" }.count == 1, "`default` is a Jekyll layout: one note, the theme's layout")
    }

    @Test("a technique library page: # title, W3C links under a heading, links to source files kept as text with a warning")
    func techniqueLibrary() throws {
        let site = try TestSite([
            "Content/techniques/pickers.md": """
                # Pickers
                Pickers need a visible label. See [the example](../../Sources/PickerExample.swift) and [the view](PickerView.kt#L10).

                ## Applicable WCAG Success Criteria
                - [1.3.1: Info and Relationships](https://www.w3.org/WAI/WCAG22/Understanding/info-and-relationships)
                - [4.1.2: Name, Role, Value](https://www.w3.org/WAI/WCAG22/Understanding/name-role-value.html)
                """,
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.errorCount == 0)
        let page = try site.html("techniques/pickers/index.html")
        #expect(page.contains("<h1 id=\"page-title\">Pickers</h1>"))
        #expect(page.contains("See the example and the view."))
        #expect(page.contains("<a href=\"../../wcag/1.3.1/\">1.3.1 Info and Relationships</a>"))
        #expect(page.contains("<a href=\"../../wcag/4.1.2/\">4.1.2 Name, Role, Value</a>"))
        #expect(result.diagnostics.filter { $0.category == "unpublished-link" }.map(\.line) == [2, 2])
    }

    @Test("--drafts includes draft pages")
    func drafts() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        #expect(site.build(drafts: true).outcome == .success)
        #expect(site.exists("web/draft/index.html"))
    }

    @Test("--base-url overrides site.yml where links must be absolute (the 404 page); other pages link relatively")
    func baseURL() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        #expect(site.build(baseURL: "/other/").outcome == .success)
        let page = try site.html("native/stepper/index.html")
        #expect(page.contains("href=\"../../assets/site.css\""))
        #expect(!page.contains("/guide/") && !page.contains("href=\"/other/") && !page.contains("src=\"/other/"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://a11y.example.com/other/native/stepper/\">"), "absolute where it must be")
        let notFound = try site.html("404.html")
        #expect(notFound.contains("href=\"/other/assets/site.css\""))
        #expect(notFound.contains("<a class=\"site-title\" href=\"/other/\">"))
    }

    @Test("the same input gives the same bytes")
    func deterministic() throws {
        let site = try TestSite(Fixtures.site())
        defer { site.remove() }
        let first = site.build()
        let output = try site.snapshot()
        // Forced, so it cannot find nothing changed and leave the first build's files to compare.
        let second = site.build(fresh: true)
        #expect(!first.upToDate && !second.upToDate && second.pagesRendered == nil, "both builds ran in full")
        #expect(second.pagesWritten == first.pagesWritten && output.count > 50)
        #expect(try site.snapshot() == output)
    }

    @Test("a site's own Templates/ replaces built-in files of the same name")
    func themeOverride() throws {
        var files = Fixtures.site()
        files["Templates/layouts/page.mustache"] = "<p>custom {{page.title}}</p>"
        let site = try TestSite(files)
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        #expect(try site.html("about/index.html") == "<p>custom About us</p>")
        #expect(try site.html("native/stepper/index.html").contains("<!DOCTYPE html>"))
    }
}
