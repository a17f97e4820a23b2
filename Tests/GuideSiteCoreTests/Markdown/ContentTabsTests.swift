import Testing
@testable import GuideSiteCore

@Suite("Tabs of MkDocs, Docusaurus, Starlight and VitePress")
struct ContentTabsTests {
    /// `markdown` read as a page body is: tabs, then admonitions carried over, then rendered.
    func html(_ markdown: String) -> (html: String, diagnostics: [Diagnostic]) {
        let carried = Admonitions.process(ContentTabs.process(markdown), firstLine: 1, path: "a.md")
        let rendered = MarkdownRenderer(highlight: false).render(carried.value, firstLine: 1, path: "a.md", title: .given("Page"))
        return (rendered.value.html, carried.diagnostics + rendered.diagnostics)
    }

    static func lines(_ text: String) -> Int { text.split(separator: "\n", omittingEmptySubsequences: false).count }

    @Test("MkDocs: consecutive `=== \"Label\"` bodies are one set, line for line; `===!` starts another; what follows stays outside")
    func mkdocs() {
        let source = "## Install\n\n=== \"C\"\n\n    ``` c\n    int x;\n    ```\n\n=== \"C++\"\n\n    Use **templates**.\n\n    - a list\n\nAfter.\n"
        #expect(Self.lines(ContentTabs.process(source)) == Self.lines(source))
        let page = html(source)
        #expect(page.html.contains("<div class=\"tabs\" data-tabs=\"content\">\n<div class=\"tab-panel\" data-tab=\"C\">\n<h3 class=\"tab-heading\">C</h3>\n<pre"), "\(page.html)")
        #expect(page.html.contains("</div>\n<div class=\"tab-panel\" data-tab=\"C++\">\n<h3 class=\"tab-heading\">C++</h3>\n<p>Use <strong>templates</strong>.</p>\n<ul>\n<li>a list</li>\n</ul>\n</div>\n</div>\n<p>After.</p>"), "\(page.html)")
        #expect(!page.html.contains("===") && !page.html.contains("[!tab") && page.diagnostics.isEmpty, "\(page)")
        let two = html("=== \"A\"\n    One.\n\n===! \"B\"\n    Two.\n").html
        #expect(two.components(separatedBy: "<div class=\"tabs\"").count == 3, "\(two)")
        // Inside an admonition, with an admonition inside a tab.
        let nested = html("!!! note \"Platforms\"\n    === \"iOS\"\n\n        !!! tip\n            Use VoiceOver.\n\n    === \"Android\"\n\n        TalkBack.\n").html
        #expect(nested.contains("<div class=\"tab-panel\" data-tab=\"iOS\">") && nested.contains("<aside class=\"callout callout-tip\"") && nested.contains("<p>TalkBack.</p>"), "\(nested)")
    }

    @Test("Docusaurus and Starlight: `<Tabs>`, `<TabItem label>`, one-line items, imports left out; labels by `label`, else `value`")
    func jsx() {
        let source = """
            import Tabs from '@theme/Tabs';
            import TabItem from '@theme/TabItem';

            <Tabs groupId="platform">
              <TabItem value="web" label="Web" default>
                Press **Tab**.

                ```html
                <button>OK</button>
                ```
              </TabItem>
              <TabItem value="ios">
                Swipe right.
              </TabItem>
              <TabItem value="apple" label="Apple">This is an apple.</TabItem>
            </Tabs>

            After.
            """
        #expect(Self.lines(ContentTabs.process(source)) == Self.lines(source))
        let page = html(source).html
        #expect(!page.contains("import") && !page.contains("TabItem") && !page.contains("Tabs"), "\(page)")
        #expect(page.contains("<div class=\"tab-panel\" data-tab=\"Web\">\n<h2 class=\"tab-heading\">Web</h2>\n<p>Press <strong>Tab</strong>.</p>\n<pre"), "\(page)")
        #expect(page.contains("&lt;button&gt;OK&lt;/button&gt;"), "the code is a code block, not raw HTML: \(page)")
        #expect(page.contains("<div class=\"tab-panel\" data-tab=\"ios\">\n<h2 class=\"tab-heading\">ios</h2>\n<p>Swipe right.</p>"), "\(page)")
        #expect(page.contains("<div class=\"tab-panel\" data-tab=\"Apple\">\n<h2 class=\"tab-heading\">Apple</h2>\n<p>This is an apple.</p>\n</div>\n</div>\n<p>After.</p>"), "\(page)")
    }

    @Test("VitePress: `::: code-group` makes a tab of each code block, named by its `[name]`")
    func codeGroup() {
        let source = "::: code-group\n\n```js [config.js]\nexport default {}\n```\n\n```ts [config.ts]\nexport default {} as Config\n```\n\n:::\n\nAfter.\n"
        #expect(Self.lines(ContentTabs.process(source)) == Self.lines(source))
        let page = html(source)
        #expect(page.html.contains("<div class=\"tab-panel\" data-tab=\"config.js\">") && page.html.contains("<div class=\"tab-panel\" data-tab=\"config.ts\">"), "\(page.html)")
        #expect(page.html.hasSuffix("</div>\n</div>\n<p>After.</p>\n") && !page.html.contains(":::") && page.diagnostics.isEmpty, "\(page)")
    }

    @Test("fenced code and prose are left alone: `===` in code, an import sentence, a paragraph opening with brackets")
    func leftAlone() {
        let source = "```md\n=== \"Tab\"\n    body\n<TabItem label=\"x\">\n```\n\nTo import data from a file, open it.\n\n[Link](a.md) first.\n"
        #expect(ContentTabs.process(source) == source)
        #expect(!html(source).html.contains("tab-panel"))
    }
}
