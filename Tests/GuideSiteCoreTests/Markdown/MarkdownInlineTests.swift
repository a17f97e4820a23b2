import Testing
@testable import GuideSiteCore

@Suite("A line of Markdown as inline HTML (site.yml's footer, a generator's copyright)")
struct MarkdownInlineTests {
    @Test("MkDocs's and Hugo's copyright written as HTML: its character references decoded, never escaped twice")
    func characterReferences() {
        #expect(MarkdownRenderer().inline("Copyright &copy; 2026 The handbook team") == "Copyright © 2026 The handbook team")
        #expect(MarkdownRenderer().inline("A & B &lt;team&gt;") == "A &amp; B &lt;team&gt;")
    }

    @Test("links and emphasis kept; two paragraphs are two lines of the one the theme writes")
    func markdown() {
        #expect(MarkdownRenderer().inline("*Our* [team](https://example.org/)") == "<em>Our</em> <a href=\"https://example.org/\">team</a>")
        #expect(MarkdownRenderer().inline("One\n\nTwo") == "One<br>Two")
    }

    @Test("raw HTML kept where the site keeps it, dropped where it does not, a script never run")
    func rawHTML() {
        let html = "Made by <a href=\"https://example.org/\">us</a>"
        #expect(MarkdownRenderer(unsafeHTML: true).inline(html) == html)
        #expect(!MarkdownRenderer().inline(html).contains("<a"))
        #expect(!MarkdownRenderer(unsafeHTML: true).inline("x <script>alert(1)</script>").contains("<script"))
    }
}
