import Foundation
import Testing
@testable import GuideSiteCore

@Suite("kramdown's block attribute lists")
struct KramdownAttributesTests {
    func html(_ markdown: String) -> String {
        let liquid = LiquidPreprocessor().process(markdown, firstLine: 1, path: "a.md").value
        return MarkdownRenderer().render(liquid, firstLine: 1, path: "a.md", title: .given("x")).value.html
    }

    @Test("classes and an id go on the paragraph, list, table or quote before the list", arguments: [
        ("Intro text.\n{: .lead}\n", "<p class=\"lead\">Intro text.</p>"),
        ("Intro\ntext.\n{: #intro .lead .big}\n", "<p class=\"lead big\" id=\"intro\">Intro\ntext.</p>"),
        ("- one\n- two\n{: .steps}\n", "<ul class=\"steps\">\n<li>one</li>\n<li>two</li>\n</ul>"),
        ("1. one\n2. two\n{: #order}\n", "<ol id=\"order\">"),
        ("> Said.\n{: .quote}\n", "<blockquote class=\"quote\">"),
        ("| Key | Result |\n| --- | --- |\n| Tab | Moves |\n{: .keyboard}\n", "<table class=\"keyboard\">"),
    ])
    func applied(markdown: String, expected: String) {
        let result = html(markdown)
        #expect(result.contains(expected), "\(result)")
        #expect(!result.contains("\u{E000}") && !result.contains("{:"))
    }

    @Test("a list after a heading, code or a blank line, or with no class or id, is removed and attaches nothing; one in code is code")
    func leftOut() {
        for markdown in ["## Title\n{: .x}\n", "Text.\n\n{: .x}\n", "Text.\n{: title=\"t\"}\n"] {
            let result = html(markdown)
            #expect(!result.contains("class=\"x\"") && !result.contains("{:") && !result.contains("\u{E000}"), "\(result)")
        }
        #expect(html("```\nText.\n{: .x}\n```\n").contains("{: .x}"))
    }

    @Test("a marked list item's text in an acceptance section reads without the marker")
    func acceptanceText() throws {
        let site = try TestSite(["Content/web/tabs.md": "# Tabs\n\n## How to test\n\n- Arrow keys move between tabs\n{: .checks}\n"])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let page = try site.html("web/tabs/index.html")
        #expect(page.contains("- [ ] Arrow keys move between tabs</pre>") && !page.contains("\u{E000}"))
        #expect(page.contains("<ul class=\"checks\">"))
    }
}
