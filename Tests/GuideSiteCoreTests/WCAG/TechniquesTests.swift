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

    @Test("each technique serves the criteria W3C lists it under", arguments: [
        ("H44", ["1.1.1", "1.3.1", "3.3.2", "4.1.2"]),
        ("G1", ["2.4.1"]),
        ("F2", ["1.3.1"]),
        ("C15", ["1.4.1", "2.4.7"]),
        ("ARIA22", ["4.1.3"]),
        ("X9", []),
    ])
    func criteria(id: String, numbers: [String]) {
        #expect(Techniques.criteria(of: id) == numbers)
    }

    @Test("the table names WCAG criteria in WCAG order, and ids of the families W3C's Techniques have")
    func table() {
        let positions = Techniques.listed.map { WCAG22.position[$0.criterion] }
        #expect(!positions.contains(nil))
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let prefixes = ["ARIA", "SCR", "SVR", "PDF", "SM", "C", "F", "G", "H", "T"]
        for (criterion, ids) in Techniques.listed {
            let split = ids.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(Set(split).count == split.count, "\(criterion) lists an id twice")
            for id in split {
                let prefix = prefixes.first { id.hasPrefix($0) && Int(id.dropFirst($0.count)) != nil }
                #expect(prefix != nil, "\(criterion): \(id)")
            }
        }
    }

    @Test("a link to a technique's page names the criteria it serves, in every address shape W3C used", arguments: [
        ("https://www.w3.org/WAI/WCAG22/Techniques/html/H44", ["1.1.1", "1.3.1", "3.3.2", "4.1.2"]),
        ("https://www.w3.org/WAI/WCAG21/Techniques/general/G1.html", ["2.4.1"]),
        ("https://www.w3.org/TR/WCAG20-TECHS/G1.html", ["2.4.1"]),
        ("https://www.w3.org/TR/2016/NOTE-WCAG20-TECHS-20161007/F2", ["1.3.1"]),
        ("https://www.w3.org/WAI/WCAG21/Techniques/failures/F2#description", ["1.3.1"]),
        ("https://waic.jp/translations/WCAG21/Techniques/aria/ARIA22", ["4.1.3"]),
        ("https://www.w3.org/WAI/WCAG22/Techniques/html/H88", ["4.1.2"]),
        ("https://www.w3.org/WAI/WCAG22/Techniques/", []),
        ("https://example.com/Techniques/html/H44", []),
        ("https://www.w3.org/WAI/WCAG22/Techniques/html/H999", []),
    ])
    func links(url: String, numbers: [String]) {
        #expect(CriteriaDetector.criteria(inURL: url).map(\.number) == numbers)
    }

    @Test("an entry that links a technique's page is listed on the pages of the criteria it serves")
    func linkedPage() throws {
        let site = try TestSite(["Content/web/label.md": """
            # Label

            Follow [Using label elements](https://www.w3.org/WAI/WCAG21/Techniques/html/H44) and
            [G1](https://www.w3.org/TR/WCAG20-TECHS/G1.html).
            """])
        defer { site.remove() }
        let result = site.build()
        #expect(result.outcome == .success && result.diagnostics.isEmpty, "\(result.printed)")
        let label = try site.html("web/label/index.html")
        for number in ["1.1.1", "1.3.1", "2.4.1", "3.3.2", "4.1.2"] {
            #expect(label.contains("<a href=\"../../wcag/\(number)/\">"), "\(number)")
            #expect(try site.html("wcag/\(number)/index.html").contains("href=\"../../web/label/\">Label</a>"), "\(number)")
        }
        #expect(!label.contains("/wcag/2.4.7/"))
    }
}
