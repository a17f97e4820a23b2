import Foundation
import Testing
@testable import GuideSiteCore

/// kramdown's extensions, Hugo's shortcodes and scripts, as those generators' docs write them.
@Suite("Foreign markup")
struct ForeignMarkupTests {
    func process(_ text: String) -> Diagnosed<String> {
        ForeignMarkup.process(text, firstLine: 4, path: "a.md")
    }

    @Test("kramdown: nomarkdown keeps its HTML, comment and options go, lines stay in place")
    func kramdown() {
        let result = process("{::comment}\nNote.\n{:/comment}\n{::options parse_block_html=\"true\" /}\n{::nomarkdown}\n<div>Raw</div>\n{:/}\nInline {::nomarkdown}<b>x</b>{:/} end")
        #expect(result.value == "\n\n\n\n\n<div>Raw</div>\n\nInline <b>x</b> end")
        #expect(result.diagnostics.isEmpty)
    }

    @Test("kramdown's extensions and a script named in code spans are text: a page documenting them keeps every line")
    func namedInCode() {
        let line = "| kramdown's `{::nomarkdown}`, `{:toc}` | a `<script>`: removed |"
        let result = process(line + "\nNext line.\n")
        #expect(result.value == line + "\nNext line.\n")
        #expect(result.diagnostics.isEmpty)
    }

    @Test("kramdown's {:toc} after a list item becomes the page's contents, nested by level")
    func contents() throws {
        let site = try TestSite(["Content/a.md": "---\ntitle: A\n---\n* TOC\n{:toc}\n\n## One\n\n### One.1\n\n## Two\n"])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let page = try site.html("a/index.html")
        #expect(page.contains("<nav class=\"page-contents\" aria-label=\"Contents\"><ul><li><a href=\"#one\">One</a><ul><li><a href=\"#one1\">One.1</a></li></ul></li><li><a href=\"#two\">Two</a></li></ul></nav>")
                || page.contains("<nav class=\"page-contents\" aria-label=\"Contents\"><ul><li><a href=\"#one\">One</a><ul><li><a href=\"#one-1\">One.1</a></li></ul></li><li><a href=\"#two\">Two</a></li></ul></nav>"), "\(page)")
        #expect(!page.contains("TOC") && !page.contains("{:toc}"))
    }

    @Test("Hugo's built-in shortcodes as Hugo renders them; others left out with a warning, a paired one's text kept")
    func shortcodes() {
        let result = process("{{< figure src=\"/img/x.png\" alt=\"Diagram\" caption=\"Focus order\" >}}\n[See]({{< ref \"docs/other.md\" >}})\n{{< highlight go >}}\nx := 1\n{{< /highlight >}}\n{{< note >}}\nInside.\n{{< /note >}}\n{{% notice tip %}}Tip{{% /notice %}}")
        #expect(result.value == "![Diagram](/img/x.png)\n\n*Focus order*\n[See](/docs/other.md)\n```go\nx := 1\n```\n\nInside.\n\nTip")
        #expect(result.diagnostics.map { "\($0.line):\($0.column)" } == ["9:1", "12:1"])
        #expect(result.diagnostics[0].message.hasPrefix("Hugo's shortcode `{{< note >}}` has no equivalent"))
    }

    @Test("a Hugo highlight block is code: a script and a shortcode in it are kept as written")
    func highlightBlock() {
        let result = process("{{< highlight html >}}\n<script src=\"x.js\"></script>\n{{< figure src=\"a.png\" >}}\n{{< /highlight >}}\nAfter")
        #expect(result.value == "```html\n<script src=\"x.js\"></script>\n{{< figure src=\"a.png\" >}}\n```\nAfter")
        #expect(result.diagnostics.isEmpty)
    }

    @Test("a script in content is removed with a warning, never printed or run; code blocks keep theirs")
    func scripts() {
        let result = process("Before <script>alert(1)</script> after\n<script src=\"https://x.example/embed.js\"></script>\n```html\n<script>kept()</script>\n```\nUse `<script>` or ``<script src>`` <script>x()</script>\n    <script>indented code</script>")
        #expect(result.value == "Before  after\n\n```html\n<script>kept()</script>\n```\nUse `<script>` or ``<script src>`` \n    <script>indented code</script>")
        #expect(result.diagnostics.map { "\($0.line):\($0.column)" } == ["4:8", "5:1", "9:36"])
        // VitePress's `<script setup>`: its code is dropped with it, the lines kept in place.
        let setup = process("# Counter\n\n<script setup>\nimport { ref } from 'vue'\nconst count = ref(0)\n</script>\n\nText.")
        #expect(setup.value == "# Counter\n\n\n\n\n\n\nText.")
        #expect(setup.diagnostics.map { "\($0.line):\($0.column)" } == ["6:1"])
    }

    @Test("attribute lists on inline elements and MkDocs Material's icons are left out with a warning each, never shown; code and headings' ids keep theirs")
    func inlineExtras() {
        let text = "[Subscribe](#){ .md-button .md-button--primary } and **Note**{:.lead} :material-check: done\n"
            + "`code{ .x }` and ![Logo](logo.png){ width=\"120\" }\n## Keys {#keys}\nA set {a, b} stays."
        let result = process(text)
        #expect(result.value == "[Subscribe](#) and **Note**  done\n`code{ .x }` and ![Logo](logo.png)\n## Keys {#keys}\nA set {a, b} stays.")
        #expect(result.diagnostics.map(\.column) == [15, 62, 71, 35], "\(result.diagnostics)")
        #expect(result.diagnostics.map(\.line) == [4, 4, 4, 5])
        #expect(result.diagnostics[3].message.contains("`{ width=\"120\" }`"))
        #expect(result.diagnostics.contains { $0.message.contains("the icon `:material-check:` is left out") })
    }

    @Test("pymdownx.keys: ++ctrl+alt+n++ is the keys in code; C++ and code spans are left alone")
    func keys() {
        let result = process("Press ++ctrl+alt+n++ then ++tab++ or ++page-up++; C++ and i++ stay; `++tab++` too.")
        #expect(result.value == "Press `Ctrl+Alt+N` then `Tab` or `Page Up`; C++ and i++ stay; `++tab++` too.")
        #expect(result.diagnostics.isEmpty)
    }

    @Test("inside an admonition's or a content tab's indented body, keys and icons are read; code indented in it is code")
    func indentedBodies() {
        let source = "??? tip \"Start\"\n    The first ++tab++ :material-check:\n\n        code ++tab++\n\n=== \"Mac\"\n\n    !!! note\n        Press ++cmd+q++.\n\n    code ++tab++\n"
        let result = process(source)
        #expect(result.value == "??? tip \"Start\"\n    The first `Tab` \n\n        code ++tab++\n\n=== \"Mac\"\n\n    !!! note\n        Press `Cmd+Q`.\n\n    code `Tab`\n", "\(result.value)")
        #expect(result.diagnostics.map(\.line) == [5], "the icon, on the body's first line: \(result.diagnostics)")
    }
}
