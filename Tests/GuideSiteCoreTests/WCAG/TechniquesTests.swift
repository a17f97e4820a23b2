import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Technique ids link to W3C's Techniques")
struct TechniquesTests {
    @Test("ids of each family, as words, are found; function keys, unknown numbers and parts of words are not", arguments: [
        ("Use H44 to label inputs", ["H44"]),
        ("Sufficient: ARIA14, G131 and C40.", ["ARIA14", "G131", "C40"]),
        ("Failure F65 (no alt), and SCR21 for scripts", ["F65", "SCR21"]),
        ("Press F1 or F12 for help", []),
        ("H2O, X44, ARIA99, 2H44, H44b, COVID19", []),
        ("See PDF1 and SM14.", ["PDF1", "SM14"]),
    ])
    func mentions(text: String, ids: [String]) {
        #expect(Techniques.mentions(in: text).map(\.id) == ids)
    }

    @Test("addresses in the family's folder")
    func urls() {
        #expect(Techniques.url(of: "H44") == "https://www.w3.org/WAI/WCAG22/Techniques/html/H44")
        #expect(Techniques.url(of: "ARIA14") == "https://www.w3.org/WAI/WCAG22/Techniques/aria/ARIA14")
        #expect(Techniques.url(of: "SCR21") == "https://www.w3.org/WAI/WCAG22/Techniques/client-side-script/SCR21")
        #expect(Techniques.url(of: "F1") == nil && Techniques.url(of: "H044") == nil)
    }

    @Test("a page's text links the ids it names, never inside code or an existing link, and they do not count as criteria")
    func page() throws {
        let site = try TestSite(["Content/web/label.md": "# Label\n\nAssociate labels (H44, ARIA16) as 1.3.1 asks. `H44` in code. [see H44](https://example.org/).\n"])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && !result.printed.contains("technique"), "\(result.printed)")
        let html = try site.html("web/label/index.html")
        #expect(html.contains("<a href=\"https://www.w3.org/WAI/WCAG22/Techniques/html/H44\">H44</a>"))
        #expect(html.contains("<a href=\"https://www.w3.org/WAI/WCAG22/Techniques/aria/ARIA16\">ARIA16</a>"))
        #expect(html.contains("<code>H44</code>") && html.contains(">see H44</a>"))
        #expect(html.components(separatedBy: "Techniques/html/H44").count == 2)
    }
}
