import Foundation
import Testing
@testable import GuideSiteCore

/// Front matter as Jekyll, Eleventy and Hugo read it, written the way their documentation writes it.
@Suite("Front matter of other generators")
struct OtherGeneratorsFrontMatterTests {
    let parser = FrontMatterParser()

    @Test("a key written twice in a block map: a warning at the earlier one, and the last value wins, as Jekyll keeps it")
    func duplicatedKeys() throws {
        let yaml = """
            title: First title
            description: >
              A folded
              description.
            title: Second title
            links:
              - name: Docs
                url: /a/
                name: Guide
            """
        let result = parser.parse(yaml, firstLine: 2, path: "a.md")
        #expect(result.value.title == "Second title")
        #expect(result.value.description == "A folded description.")
        #expect(result.diagnostics.map(\.description) == [
            "a.md:2:1: warning: [yaml] the key `title` appears more than once in the same map; the last value (line 6) is used, as Jekyll and Eleventy do: remove this one",
            "a.md:8:5: warning: [yaml] the key `name` appears more than once in the same map; the last value (line 10) is used, as Jekyll and Eleventy do: remove this one",
        ])
        guard case .list(let items) = result.value.entries["links"]?.value, case .map(let link) = items.first else {
            Issue.record("links is not a list of maps")
            return
        }
        #expect(link["name"]?.value == .text("Guide") && link["url"]?.value == .text("/a/"))
        #expect(link["name"]?.line == 10, "lines after the dropped key stay where they were")
    }

    @Test("Jekyll's documented shapes: comments, literal and folded blocks, nested maps, lists of maps, timestamps")
    func jekyllShapes() throws {
        let yaml = """
            # Front matter defaults are in _config.yml.
            layout: post
            title:  "Welcome to Jekyll!"   # a comment after a value
            date:   2015-11-17 16:16:01 -0600
            categories: jekyll update
            excerpt: |
              First line.
              Second line.
            author:
              name: Ana
              links: [web, mastodon]
            sidebar:
              - title: Docs
                url: /docs/
            """
        let result = parser.parse(yaml, firstLine: 2, path: "a.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value.title == "Welcome to Jekyll!")
        #expect(result.value.entries["date"]?.value == .text("2015-11-17 16:16:01 -0600"))
        #expect(result.value.entries["excerpt"]?.value == .text("First line.\nSecond line.\n"))
        #expect(result.value.entries.map(\.key) == ["layout", "title", "date", "categories", "excerpt", "author", "sidebar"])
    }

    @Test("Eleventy's `layout: false` is no layout of the page's own, without a warning")
    func layoutFalse() {
        let result = parser.parse("title: Raw\nlayout: false", firstLine: 2, path: "a.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.value.layout == nil && result.value.title == "Raw")
    }

    @Test("Hugo's TOML front matter between +++ lines: values, dates, arrays, tables, with each key's line")
    func toml() throws {
        let text = """
            +++
            title = "Button"
            date = 2024-03-05T14:30:00-05:00
            draft = false
            tags = ["controls", "forms"]
            weight = 10
            [params]
              author = "Ana"
            +++

            A button does one thing.
            """
        let split = FrontMatterSplitter().split(text, path: "a.md").value
        #expect(split.format == .toml && split.bodyFirstLine == 10 && split.body == "\nA button does one thing.")
        let result = parser.parse(try #require(split.frontMatter), format: .toml, firstLine: split.frontMatterFirstLine, path: "a.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value.title == "Button" && result.value.draft == false)
        #expect(result.value.entries.map(\.key) == ["title", "date", "draft", "tags", "weight", "params"])
        #expect(result.value.entries["tags"]?.value == .list([.text("controls"), .text("forms")]))
        #expect(result.value.entries["weight"]?.value == .text("10"))
        #expect(result.value.entries["date"]?.value.text?.hasPrefix("2024-03-05") == true)
        #expect(result.value.entries["weight"]?.line == 6)
        guard case .map(let params) = result.value.entries["params"]?.value else {
            Issue.record("params is not a table")
            return
        }
        #expect(params["author"]?.value == .text("Ana"))
    }

    @Test("Hugo's JSON front matter: an object from a line { to a line }, keys in file order")
    func json() throws {
        let text = "{\n  \"title\": \"Link\",\n  \"categories\": [\"navigation\"],\n  \"draft\": true,\n  \"weight\": 2.5\n}\n\nA link.\n"
        let split = FrontMatterSplitter().split(text, path: "a.md").value
        #expect(split.format == .json && split.frontMatterFirstLine == 1 && split.bodyFirstLine == 7)
        let result = parser.parse(try #require(split.frontMatter), format: .json, firstLine: 1, path: "a.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value.entries.map(\.key) == ["title", "categories", "draft", "weight"])
        #expect(result.value.entries.map(\.line) == [2, 3, 4, 5])
        #expect(result.value.title == "Link" && result.value.draft == true)
        #expect(result.value.entries["weight"]?.value == .text("2.5"))
    }

    @Test("broken TOML and JSON are errors at their line; a lone { that is never closed is text")
    func broken() throws {
        let toml = parser.parse("title = \"Button\"\ntags = [\"a\"", format: .toml, firstLine: 2, path: "a.md")
        #expect(toml.diagnostics.count == 1 && toml.diagnostics[0].severity == .error)
        #expect(toml.diagnostics[0].description.hasPrefix("a.md:3:"), "\(toml.diagnostics)")
        let json = parser.parse("{\n  \"title\": Link\n}", format: .json, firstLine: 1, path: "a.md")
        #expect(json.diagnostics.count == 1 && json.diagnostics[0].description.contains("not valid JSON front matter"))
        let text = FrontMatterSplitter().split("{\nnot front matter\n", path: "a.md")
        #expect(text.value.frontMatter == nil && text.diagnostics.isEmpty && text.value.body == "{\nnot front matter\n")
        let unclosed = FrontMatterSplitter().split("+++\ntitle = \"x\"\n", path: "a.md")
        #expect(unclosed.diagnostics.first?.message.contains("opened with `+++`") == true)
    }
}

@Suite("aliases and keywords")
struct AliasesAndKeywordsTests {
    @Test("a design system's comma-separated aliases are search words: a warning, no redirect page, the words in the search index")
    func wordsNotPaths() throws {
        let site = try TestSite([
            "Content/components/button/index.md": "---\ntitle: Button\naliases: cta, submit control, primary action\nkeywords: [press]\n---\nPress it.\n",
            "Content/components/link.md": "---\ntitle: Link\naliases: [/old/link/, old-anchor]\n---\nGo.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        let warnings = result.diagnostics.filter { $0.category == "front-matter" }.map(\.description)
        #expect(warnings == ["Content/components/button/index.md:3:1: warning: [front-matter] `aliases` holds words, not old addresses (`cta`, `submit control`, `primary action`): no redirect page is written for them, and the search finds the page by them; Hugo's aliases are paths such as `[/web/old-button/]`, and search words go under `keywords:`"])
        #expect(!site.exists("cta/index.html") && !site.exists("components/button/cta/index.html") && !site.exists("submit-control/index.html"))
        #expect(site.exists("old/link/index.html"), "a list of paths still writes its redirects")
        let index = try site.html("search/index.js")
        #expect(index.contains(#""cta\nsubmit control\nprimary action\npress"]"#))
    }

    @Test("Jekyll's render_with_liquid: false and Eleventy's templateEngineOverride: md keep a page's template syntax as text")
    func templatesAsText() throws {
        let body = "Write `{{ page.title }}` and `{% include note.html %}`.\n"
        let site = try TestSite([
            "Content/a.md": "---\ntitle: A\nrender_with_liquid: false\n---\n" + body,
            "Content/b.md": "---\ntitle: B\ntemplateEngineOverride: md\n---\n" + body,
            "Content/c.md": "---\ntitle: C\ntemplateEngineOverride: njk,md\n---\nTitle: {{ title }}.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        for page in ["a", "b"] {
            let html = try site.html("\(page)/index.html")
            #expect(html.contains("<code>{{ page.title }}</code>") && html.contains("<code>{% include note.html %}</code>"))
        }
        #expect(try site.html("c/index.html").contains("Title: C."), "a page whose engines include Nunjucks runs it")
    }
}

@Suite("categories written other ways")
struct OtherCategoriesTests {
    @Test("Jekyll's singular category and the tags of Jekyll, Eleventy and Hugo are the categories of a page without categories:, else search words")
    func categoryAndTags() {
        let parser = FrontMatterParser()
        #expect(parser.parse("category: Keyboard Access\ntags: [focus, Tab  Order]", firstLine: 2, path: "a.md").value.categories
                == ["Keyboard Access", "focus", "Tab Order"])
        #expect(parser.parse("tags: forms, inputs", firstLine: 2, path: "a.md").value.categories == ["forms", "inputs"])
        #expect(parser.parse("categories: [controls]\ntags: [post]", firstLine: 2, path: "a.md").value.categories == ["controls"],
                "categories: wins where a page has it")
        #expect(parser.parse("categories: [controls]\ntags: [post, Tab  Order]\nkeywords: [post]", firstLine: 2, path: "a.md").value.keywords
                == ["post", "Tab Order"], "beside them, the tags are search words")
    }

    @Test("two spellings of one category that differ in case or spacing are one category page")
    func oneCategory() throws {
        let site = try TestSite([
            "Content/blog/focus.md": "---\ntitle: Focus order\ncategory: Keyboard Access\n---\nText.\n",
            "Content/blog/skip.md": "---\ntitle: Skip links\ncategories: [keyboard access]\n---\nText.\n",
            "Content/blog/landmarks.md": "---\ntitle: Landmarks\ncategories: [\"Keyboard  access\"]\n---\nText.\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let categories = try FileManager.default.contentsOfDirectory(atPath: site.root.appending(path: "Output/categories").path).sorted()
        #expect(categories == ["index.html", "keyboard-access"])
        let page = try site.html("categories/keyboard-access/index.html")
        for entry in ["focus", "skip", "landmarks"] { #expect(page.contains("href=\"../../blog/\(entry)/\"")) }
    }
}
