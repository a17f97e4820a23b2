import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Raw HTML that does not nest")
struct HTMLBalancerTests {
    @Test("unclosed elements are closed where their parent ends, stray closing tags removed, a block ends a paragraph", arguments: [
        ("<div><p>a</p>", "<div><p>a</p></div>", ["<div>"]),
        ("<section><div>a</section>", "<section><div>a</div></section>", ["<div>"]),
        ("<p>a</span> b</p>", "<p>a b</p>", ["</span>"]),
        ("<p>After. <div class=\"x\">b</div></p>", "<p>After. </p><div class=\"x\">b</div>", []),
        ("<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>", []),
        ("<p>1 < 2 and <img src=\"a.png\" alt=\"a > b\"></p>", "<p>1 < 2 and <img src=\"a.png\" alt=\"a > b\"></p>", []),
        ("<!-- <div> --><br/>", "<!-- <div> --><br/>", []),
    ])
    func balance(input: String, output: String, repaired: [String]) {
        let result = HTMLBalancer.balance(input)
        #expect(result.html == output)
        #expect(result.repairs.map(\.tag) == repaired)
    }

    @Test("an element opened in one include and closed in another comes out whole, the Markdown between rendered; an unclosed one is closed with a warning at its line")
    func includes() throws {
        let site = try TestSite([
            "site.yml": "title: T\nmarkdown:\n  unsafe-html: true\n",
            "Content/_includes/callout-open.html": "<aside class=\"callout\">\n<p class=\"callout-title\">{{ include.title }}</p>\n",
            "Content/_includes/callout-close.html": "</aside>\n",
            "Content/web/switch.md": "# Switch\n\n{% include callout-open.html title=\"Note\" %}\nSome **Markdown** here.\n{% include callout-close.html %}\n\nText <div class=\"demo\">never closed\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        let html = try site.html("web/switch/index.html")
        #expect(html.contains("<aside class=\"callout\">\n<p class=\"callout-title\">Note</p>\n<p>Some <strong>Markdown</strong> here.</p>\n</aside>"))
        #expect(html.contains("<p>Text </p><div class=\"demo\">never closed\n</div>"))
        #expect(result.diagnostics.filter { $0.category == "html" }.map(\.message) == ["`<div class=\"demo\">` is never closed; it is closed where the element around it ends (add its closing tag)"])
    }
}
