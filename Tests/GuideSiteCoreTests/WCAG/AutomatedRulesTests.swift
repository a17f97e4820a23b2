import Foundation
import Testing
@testable import GuideSiteCore

/// The automated rules of each criterion, against rules looked up by hand in axe-core's rule
/// descriptions (dequeuniversity.com/rules/axe/4.12) and W3C's ACT rules list.
@Suite("Automated rules per criterion")
struct AutomatedRulesTests {
    @Test("rules looked up by hand", arguments: [
        ("1.4.3", ["color-contrast"], ["afw4f7", "09o5cg"]),
        ("2.4.2", ["document-title"], ["2779a5", "c4a8a4"]),
        ("3.1.1", ["html-has-lang", "html-lang-valid"], ["b5c3f8", "bf051a", "ucwvc8"]),
        ("1.1.1", ["image-alt", "input-image-alt", "role-img-alt", "svg-img-alt"], ["23a2a8", "qt1vmo", "e88epe"]),
        ("2.5.8", ["target-size"], []),
        ("2.4.7", [], ["oj04fd"]),
        ("2.1.2", [], ["80af7b"]),
    ])
    func lookedUp(number: String, axe: [String], act: [String]) {
        let axeIDs = Set(AutomatedRules.axe(number).map(\.id)), actIDs = Set(AutomatedRules.act(number).map(\.id))
        #expect(Set(axe).isSubset(of: axeIDs), "\(number): axe-core has \(axeIDs.sorted())")
        #expect(Set(act).isSubset(of: actIDs), "\(number): ACT has \(actIDs.sorted())")
        if act.isEmpty { #expect(actIDs.isEmpty) }
        if axe.isEmpty { #expect(axeIDs.isEmpty) }
    }

    @Test("criteria no rule tests, deprecated ACT rules left out, proposed and experimental ones marked, addresses whole")
    func table() {
        for number in ["3.3.8", "2.4.11", "2.2.6"] {
            #expect(AutomatedRules.axe(number).isEmpty && AutomatedRules.act(number).isEmpty, "\(number) needs a person")
        }
        #expect(!AutomatedRules.act("3.1.1").contains { $0.id == "5b7ae0" }, "deprecated: lang and xml:lang match")
        #expect(AutomatedRules.act("2.5.3").first { $0.id == "2ee8b8" }?.provisional == true, "proposed")
        #expect(AutomatedRules.act("1.4.3").first { $0.id == "afw4f7" }?.provisional == false)
        #expect(AutomatedRules.axe("1.3.1").first { $0.id == "p-as-heading" }?.provisional == true, "experimental in axe-core")
        let all = Array(AutomatedRules.axeTable.values.joined()) + Array(AutomatedRules.actTable.values.joined())
        #expect(all.allSatisfy { $0.url.hasPrefix("https://") && !$0.url.contains("?") && !$0.name.isEmpty })
        #expect(Set(AutomatedRules.axeTable.keys).union(AutomatedRules.actTable.keys).allSatisfy { WCAG22.byNumber[$0] != nil })
    }

    @Test("a criterion page lists its rules, or says it needs testing by hand; entries count them; criteria.json and coverage.csv carry them")
    func inTheSite() throws {
        let site = try TestSite([
            "site.yml": "title: Guide\nstandards: [section-508]\n",
            "Content/web/button.md": "---\ntitle: Button\nwcag: [1.4.3, 3.3.8]\n---\nText.\n",
        ])
        defer { site.remove() }
        #expect(site.build().outcome == .success)
        let contrast = try site.html("wcag/1.4.3/index.html")
        #expect(contrast.contains("<h2 id=\"automated-checks\">Automated checks</h2>"))
        #expect(contrast.contains("<a href=\"https://dequeuniversity.com/rules/axe/\(AutomatedRules.axeVersion.split(separator: ".").prefix(2).joined(separator: "."))/color-contrast\" hreflang=\"en\"><code>color-contrast</code></a>"))
        #expect(contrast.contains("href=\"https://www.w3.org/WAI/standards-guidelines/act/rules/afw4f7/\""))
        let authentication = try site.html("wcag/3.3.8/index.html")
        #expect(authentication.contains("No automated rule tests this criterion: it needs testing by hand."))
        let entry = try site.html("web/button/index.html")
        #expect(entry.contains("<span class=\"automated\">Automated: axe-core 1 rule; ACT 2 rules</span>"))
        #expect(entry.contains("<span class=\"automated\">Automated: none, test by hand</span>"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: site.root.appending(path: "Output/criteria.json"))) as? [String: Any])
        let rules = try #require(json["rules"] as? [String: [String: [[String: Any]]]])
        #expect(rules.keys.sorted() == ["1.4.3", "3.3.8"])
        #expect(rules["1.4.3"]?["axe"]?.compactMap { $0["id"] as? String } == ["color-contrast"])
        #expect(rules["3.3.8"]?["axe"]?.isEmpty == true && rules["3.3.8"]?["act"]?.isEmpty == true)
        let csv = try String(contentsOf: site.root.appending(path: "Output/wcag/coverage/coverage.csv"), encoding: .utf8)
        #expect(csv.contains(",color-contrast,afw4f7; 09o5cg\r\n") || csv.contains(",color-contrast,09o5cg; afw4f7\r\n"), "\(csv.prefix(600))")
    }
}
