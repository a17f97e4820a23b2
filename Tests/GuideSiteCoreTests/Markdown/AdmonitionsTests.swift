import Testing
@testable import GuideSiteCore

@Suite("Admonitions of MkDocs, Docusaurus and VitePress")
struct AdmonitionsTests {
    /// `markdown` read as a page body is (its Markdown carried over, then rendered).
    func html(_ markdown: String) -> (html: String, diagnostics: [Diagnostic]) {
        let carried = Admonitions.process(markdown, firstLine: 1, path: "a.md")
        let rendered = MarkdownRenderer(highlight: false).render(carried.value, firstLine: 1, path: "a.md", title: .given("Page"))
        return (rendered.value.html, carried.diagnostics + rendered.diagnostics)
    }

    @Test("MkDocs: `!!! kind \"Title\"` and its indented body, `???` folded, `???+` open, line for line")
    func mkdocs() {
        let source = "Intro.\n\n!!! warning \"Test on a device\"\n    The simulator has no **VoiceOver** rotor.\n\n    Second paragraph.\n\nAfter.\n"
        let carried = Admonitions.process(source, firstLine: 1, path: "a.md").value
        #expect(carried.split(separator: "\n", omittingEmptySubsequences: false).count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
        let page = html(source).html
        #expect(page.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-label\">Warning: Test on a device</p>\n<p>The simulator has no <strong>VoiceOver</strong> rotor.</p>\n<p>Second paragraph.</p>\n</aside>"))
        #expect(page.hasSuffix("<p>After.</p>\n"))
        #expect(html("??? tip\n    Hidden at first.\n").html.contains("<details class=\"callout callout-tip\">\n<summary class=\"callout-label\">Tip</summary>\n<p>Hidden at first.</p>\n</details>"))
        #expect(html("???+ note \"Shown\"\n    Open.\n").html.contains("<details class=\"callout callout-note\" open>\n<summary class=\"callout-label\">Note: Shown</summary>"))
        #expect(html("!!! danger \"\"\n    No title.\n").html.contains("<p class=\"callout-label\">Caution</p>"))
        let custom = html("!!! checklist\n    Own kind.\n\n!!! checklist \"Named\"\n    Titled.\n")
        #expect(custom.html.contains("<p class=\"callout-label\">Note: Checklist</p>\n<p>Own kind.</p>") && custom.html.contains("<p class=\"callout-label\">Note: Named</p>"))
        #expect(custom.diagnostics.isEmpty)
    }

    @Test("Docusaurus and VitePress: `:::kind Title` to `:::`, `:::kind[Title]`, nested with more colons, `::: details` folded")
    func colons() {
        let page = html(":::tip Keyboard first\nPress **Tab**.\n:::\n\n::: warning\nCheck contrast.\n:::\n").html
        #expect(page.contains("<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-label\">Tip: Keyboard first</p>\n<p>Press <strong>Tab</strong>.</p>\n</aside>"))
        #expect(page.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-label\">Warning</p>\n<p>Check contrast.</p>\n</aside>"))
        #expect(html(":::info[Bracketed]\nText.\n:::\n").html.contains("<p class=\"callout-label\">Note: Bracketed</p>"))
        let nested = html("::::danger Outer\nBefore.\n\n:::note Inner\nInside.\n:::\n\nAfter inner.\n::::\n\nOutside.\n").html
        #expect(nested.contains("<aside class=\"callout callout-caution\" role=\"note\">\n<p class=\"callout-label\">Caution: Outer</p>\n<p>Before.</p>\n<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-label\">Note: Inner</p>\n<p>Inside.</p>\n</aside>\n<p>After inner.</p>\n</aside>"))
        #expect(nested.hasSuffix("<p>Outside.</p>\n"))
        #expect(html("::: details Show the code\nHidden.\n:::\n").html.contains("<details class=\"callout callout-note\">\n<summary class=\"callout-label\">Note: Show the code</summary>"))
    }

    @Test("a container in fenced code stays code; a container of another kind keeps its content and says so; an unclosed one says so")
    func edges() {
        #expect(html("!!! Wow !!!\n").html == "<p>!!! Wow !!!</p>\n", "not Python-Markdown's form: text")
        #expect(html("!!! note inline end \"Beside\"\n    Text.\n").html.contains("<p class=\"callout-label\">Note: Beside</p>"))
        let fenced = html("```md\n:::tip\nNot a callout.\n:::\n```\n").html
        #expect(fenced.contains(":::tip\nNot a callout.\n:::") && !fenced.contains("callout-tip"))
        let unknown = html("::: code-group\nKept text.\n:::\n")
        #expect(unknown.html == "<p>Kept text.</p>\n")
        #expect(unknown.diagnostics.map(\.description) == ["a.md:1:1: warning: [foreign-markup] `::: code-group` is a container GuideSite does not know: its content is shown without it (use `:::note`, `:::tip`, `:::warning` or `:::danger`)"])
        let unclosed = html("Text.\n\n:::note\nRuns on.\n")
        #expect(unclosed.html.contains("<p class=\"callout-label\">Note</p>\n<p>Runs on.</p>"))
        #expect(unclosed.diagnostics.first?.line == 3 && unclosed.diagnostics.first?.message.contains("never closed") == true)
    }

    @Test("GitHub's alerts as before, and Obsidian's callouts with a title and a fold")
    func quotes() {
        #expect(html("> [!IMPORTANT]\n> Read this.\n").html == "<aside class=\"callout callout-important\" role=\"note\">\n<p class=\"callout-label\">Important</p>\n<p>Read this.</p>\n</aside>\n")
        #expect(html("> [!bug]- Known issue\n> It crashes.\n").html.contains("<details class=\"callout callout-caution\">\n<summary class=\"callout-label\">Caution: Known issue</summary>"))
        #expect(html("> [!unknown] Not one\n> Text.\n").html.hasPrefix("<blockquote>"))
        #expect(html("> [!note]x\n").html.hasPrefix("<blockquote>"))
    }

    @Test("a built page shows no marker of another generator")
    func built() throws {
        let site = try TestSite(["site.yml": "title: Containers\n", "Content/index.md": "---\ntitle: Home\n---\nWelcome.\n",
                                 "Content/guides/keys.md": "---\ntitle: Keys\n---\n!!! note \"MkDocs\"\n    One.\n\n:::tip Docusaurus\nTwo.\n:::\n\n::: warning VitePress\nThree.\n:::\n"])
        defer { site.remove() }
        let result = site.build(strict: true)
        #expect(result.outcome == .success, "\(result.printed)")
        let page = try site.html("guides/keys/index.html")
        #expect(!page.contains(":::") && !page.contains("!!!"))
        #expect(page.components(separatedBy: "class=\"callout callout-").count == 4)
    }
}
