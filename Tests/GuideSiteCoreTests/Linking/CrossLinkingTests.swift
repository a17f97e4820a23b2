import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Cross-linking end to end")
struct CrossLinkingTests {
    static let files: [String: String] = [
        "site.yml": "categories:\n  forms: {title: Form controls}\n  controls: Controls\n",
        "Content/native/picker.md": """
            ---
            title: Picker
            categories: [controls, forms]
            wcag: [1.3.1, "4.1.2 Name, Role, Value", {sc: 2.4.7}]
            ---
            ## Role

            Meets SC 1.4.3 when text is dark. See the [button](../web/button.md#focus).

            - [Understanding reflow](https://www.w3.org/WAI/WCAG22/Understanding/reflow)
            - `SC 2.5.8 in code is not a reference`
            """,
        "Content/web/button.md": """
            ---
            title: Button
            categories: controls
            wcag: [2.4.7]
            ---
            ## Focus

            Text.
            """,
        "Content/web/field.md": "---\ntitle: Field\ncategories: [forms]\n---\nNo criteria.\n",
    ]

    @Test("entries link their criteria and categories, and those pages link back, grouped by section")
    func bothWays() throws {
        let site = try TestSite(Self.files)
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success, "\(result.printed)")
        #expect(result.diagnostics.isEmpty, "\(result.printed)")

        let picker = try site.html("native/picker/index.html")
        for number in ["1.3.1", "1.4.3", "1.4.10", "2.4.7", "4.1.2"] {
            #expect(picker.contains("<a href=\"../../wcag/\(number)/\">"), "\(number)")
        }
        #expect(!picker.contains("/wcag/2.5.8/"), "a criterion in code is not a reference")
        #expect(picker.contains("<a href=\"../../wcag/1.4.3/\">SC 1.4.3</a>"), "text mentions link to the criterion page")
        #expect(picker.contains("href=\"https://www.w3.org/WAI/WCAG22/Understanding/reflow\""), "W3C links stay")
        #expect(picker.contains("<a class=\"tag\" href=\"../../categories/forms/\">Form controls</a>"))
        #expect(picker.contains("href=\"../../web/button/#focus\""))
        #expect(picker.contains("id=\"related-entries\""))

        let focusVisible = try site.html("wcag/2.4.7/index.html")
        #expect(focusVisible.contains("<h1 id=\"page-title\">2.4.7 Focus Visible</h1>"))
        #expect(focusVisible.contains("<dt>Level</dt><dd>AA</dd>"))
        #expect(focusVisible.contains("https://www.w3.org/WAI/WCAG22/Understanding/focus-visible"))
        #expect(focusVisible.contains("<h2>Native</h2>"))
        #expect(focusVisible.contains("<h2>Web</h2>"))
        #expect(focusVisible.contains("href=\"../../native/picker/\">Picker</a> <span class=\"source\">(referenced in front matter)</span>"))
        let contrast = try site.html("wcag/1.4.3/index.html")
        #expect(contrast.contains("Picker</a> <span class=\"source\">(referenced in text)</span>"))
        #expect(try site.html("wcag/2.2.1/index.html").contains("No guidance yet"))
        #expect(try site.html("wcag/4.1.1/index.html").contains("obsolete"))

        let index = try site.html("wcag/index.html")
        #expect(index.contains("<h2 id=\"perceivable\">Perceivable</h2>"))
        #expect(index.contains("<h3>1.4 Distinguishable</h3>"))
        #expect(index.contains("<a href=\"../wcag/1.4.3/\">1.4.3 Contrast (Minimum)</a> <span class=\"level\">(AA)</span> <span class=\"count\">– 1 page</span>"))

        let coverage = try site.html("wcag/coverage/index.html")
        #expect(coverage.contains("<th scope=\"col\">Native</th>"))
        #expect(coverage.contains("<tr><th scope=\"row\"><a href=\"../../wcag/2.4.7/\">2.4.7 Focus Visible</a></th><td>AA</td><td>1</td><td>1</td><td>2</td></tr>"))
        let noGuidance = try #require(coverage.range(of: "id=\"no-guidance\""))
        let table = try #require(coverage.range(of: "<table"))
        #expect(noGuidance.lowerBound < table.lowerBound, "criteria without guidance come first")
        #expect(!coverage.contains("/wcag/1.4.6/"), "AAA criteria are not in the coverage table")

        let forms = try site.html("categories/forms/index.html")
        #expect(forms.contains("<h1 id=\"page-title\">Form controls</h1>"))
        #expect(try #require(forms.range(of: "Picker")).lowerBound < (try #require(forms.range(of: "Field"))).lowerBound)
        let categories = try site.html("categories/index.html")
        #expect(try #require(categories.range(of: "Form controls")).lowerBound < (try #require(categories.range(of: ">Controls<"))).lowerBound,
                "site.yml's order")

        let export = try JSONSerialization.jsonObject(with: Data(contentsOf: site.root.appending(path: "Output/criteria.json"))) as? [String: Any]
        #expect(export?["schema"] as? String == "guidesite-criteria/1")
        let entries = try #require(export?["entries"] as? [[String: Any]])
        #expect(entries.map { $0["path"] as? String } == ["/native/picker/", "/web/button/", "/web/field/"])
        let criteria = try #require(entries[0]["criteria"] as? [[String: Any]])
        #expect(criteria.map { $0["number"] as? String } == ["1.3.1", "1.4.3", "1.4.10", "2.4.7", "4.1.2"])
    }

    @Test("unknown and obsolete criteria are warnings with the line; errors under --strict")
    func unknownCriteria() throws {
        let site = try TestSite([
            "Content/native/a.md": "---\ntitle: A\nwcag: [1.4.99, 4.1.1]\n---\nSee SC 9.9.9 and SC 2.4.99.\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success)
        #expect(result.printed.contains("Content/native/a.md:3:1: warning: [unknown-criterion] 1.4.99 is not a WCAG 2.2 success criterion"))
        #expect(result.printed.contains("Content/native/a.md:3:1: warning: [obsolete-criterion] 4.1.1 Parsing is obsolete"))
        #expect(result.printed.contains("Content/native/a.md:5:1: warning: [unknown-criterion] 2.4.99 is not a WCAG 2.2 success criterion"))
        #expect(site.build(strict: true).outcome == .contentErrors)
    }

    @Test("broken links and anchors are warnings naming the closest page", arguments: [
        ("[x](buton.md)", "broken link `buton.md`: no page or file there; the closest page is `web/button.md`"),
        ("[x](button.md#focuss)", "broken link `button.md#focuss`: Button has no heading with the id `focuss`; did you mean `#focus`?"),
        ("[x](../../outside.md)", "broken link `../../outside.md`: it leaves Content/"),
        ("[x](#nowhere)", "broken link `#nowhere`"),
        ("[x](/web/missing/)", "broken link `/web/missing/`: no page or file there"),
    ])
    func brokenLinks(markdown: String, expected: String) throws {
        let site = try TestSite([
            "Content/web/button.md": "---\ntitle: Button\n---\n## Focus\n",
            "Content/web/page.md": "---\ntitle: Page\n---\n\(markdown)\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.printed.contains("Content/web/page.md:4:1: warning: [broken-link] \(expected)"), "\(result.printed)")
        #expect(site.build(strict: true).outcome == .contentErrors)
    }

    @Test("links that work raise nothing", arguments: [
        "[x](button.md)", "[x](button.md#focus)", "[x](/web/button.md)", "[x](../button/)", "[x](/wcag/1.4.3/)",
        "[x](#how-to-test)", "[x](https://example.org/missing)", "[x](mailto:a@b.c)", "[x](/categories/)", "[x](../)",
    ])
    func workingLinks(markdown: String) throws {
        let site = try TestSite([
            "Content/web/button.md": "---\ntitle: Button\ncategories: [x]\n---\n## Focus\n",
            "Content/web/page.md": "---\ntitle: Page\n---\n\(markdown)\n",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.printed)")
    }
}

@Suite("Links written with the site's published path")
struct PublishedPathLinksTests {
    @Test("a link that starts with the path of the site's url, as copied from the live site, resolves as one without it")
    func publishedPath() throws {
        let site = try TestSite([
            "site.yml": "title: B\nurl: https://example.org/guide/\n",
            "Content/tutorials/x.md": "---\ntitle: X\n---\nSee [y](/guide/tutorials/y/), [home](/guide/), [y again](/tutorials/y/) and [a file](/guide/img/a.png).\n",
            "Content/tutorials/y.md": "---\ntitle: Y\n---\nY.\n",
            "Content/img/a.png": "png",
        ])
        defer { site.remove() }
        let result = site.build()
        #expect(result.diagnostics.filter { $0.category == "broken-link" }.isEmpty, "\(result.printed)")
        let page = try site.html("tutorials/x/index.html")
        #expect(page.contains("<a href=\"../../tutorials/y/\">y</a>") && page.contains("<a href=\"../../\">home</a>"))
        #expect(page.contains("<a href=\"../../tutorials/y/\">y again</a>") && page.contains("<a href=\"../../img/a.png\">a file</a>"))
    }
}
