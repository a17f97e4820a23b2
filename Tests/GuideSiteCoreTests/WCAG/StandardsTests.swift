import Foundation
import Testing
@testable import GuideSiteCore

/// The EN 301 549 and Section 508 table against clauses checked by hand in EN 301 549 V3.2.1's
/// tables of chapters 9, 10 and 11 (void clauses written "void").
@Suite("Standards beside WCAG")
struct StandardsTests {
    @Test("EN 301 549 clauses and Section 508 of criteria checked by hand", arguments: [
        ("1.1.1", "9.1.1.1, 10.1.1.1, 11.1.1.1.1, 11.1.1.1.2", true),
        ("1.2.1", "9.1.2.1, 10.1.2.1, 11.1.2.1.1, 11.1.2.1.2.1, 11.1.2.1.2.2", true),
        ("1.2.2", "9.1.2.2, 10.1.2.2, 11.1.2.2", true),
        ("1.3.1", "9.1.3.1, 10.1.3.1, 11.1.3.1.1, 11.1.3.1.2", true),
        ("1.3.3", "9.1.3.3, 10.1.3.3, 11.1.3.3", true),
        ("1.3.4", "9.1.3.4, 10.1.3.4, 11.1.3.4", false),
        ("1.3.5", "9.1.3.5, 10.1.3.5, 11.1.3.5.1, 11.1.3.5.2", false),
        ("1.4.3", "9.1.4.3, 10.1.4.3, 11.1.4.3", true),
        ("1.4.4", "9.1.4.4, 10.1.4.4, 11.1.4.4.1, 11.1.4.4.2", true),
        ("1.4.5", "9.1.4.5, 10.1.4.5, 11.1.4.5.1, 11.1.4.5.2 (void)", true),
        ("1.4.10", "9.1.4.10, 10.1.4.10, 11.1.4.10", false),
        ("2.1.1", "9.2.1.1, 10.2.1.1, 11.2.1.1.1, 11.2.1.1.2", true),
        ("2.1.4", "9.2.1.4, 10.2.1.4, 11.2.1.4.1, 11.2.1.4.2", false),
        ("2.4.1", "9.2.4.1, 10.2.4.1 (void), 11.2.4.1 (void)", true),
        ("2.4.2", "9.2.4.2, 10.2.4.2, 11.2.4.2 (void)", true),
        ("2.4.5", "9.2.4.5, 10.2.4.5 (void), 11.2.4.5 (void)", true),
        ("2.4.7", "9.2.4.7, 10.2.4.7, 11.2.4.7", true),
        ("2.5.3", "9.2.5.3, 10.2.5.3, 11.2.5.3.1, 11.2.5.3.2", false),
        ("3.1.2", "9.3.1.2, 10.3.1.2, 11.3.1.2 (void)", true),
        ("3.2.3", "9.3.2.3, 10.3.2.3 (void), 11.3.2.3 (void)", true),
        ("3.3.1", "9.3.3.1, 10.3.3.1, 11.3.3.1.1, 11.3.3.1.2", true),
        ("4.1.1", "9.4.1.1, 10.4.1.1, 11.4.1.1.1, 11.4.1.1.2 (void)", true),
        ("4.1.2", "9.4.1.2, 10.4.1.2, 11.4.1.2.1, 11.4.1.2.2 (void)", true),
        ("4.1.3", "9.4.1.3, 10.4.1.3, 11.4.1.3", false),
        // New in WCAG 2.2, and Level AAA: in neither.
        ("2.4.11", "not in EN 301 549 V3.2.1", false),
        ("2.5.8", "not in EN 301 549 V3.2.1", false),
        ("3.2.6", "not in EN 301 549 V3.2.1", false),
        ("3.3.8", "not in EN 301 549 V3.2.1", false),
        ("1.4.6", "not in EN 301 549 V3.2.1", false),
        ("2.1.3", "not in EN 301 549 V3.2.1", false),
    ])
    func handChecked(number: String, clauses: String, section508: Bool) {
        #expect(Standards.enText(of: number) == clauses)
        #expect(Standards.section508Requires(number) == section508)
    }

    @Test("the table holds WCAG 2.1's 50 A and AA criteria and WCAG 2.0's 38")
    func counts() {
        let inEN = WCAG22.all.filter { !Standards.enClauses(of: $0.number).isEmpty }
        #expect(inEN.count == 50)
        #expect(inEN.allSatisfy { $0.level != "AAA" })
        #expect(WCAG22.all.filter { Standards.section508Requires($0.number) }.count == 38)
        #expect(inEN.allSatisfy { criterion in Standards.enClauses(of: criterion.number).first?.number == "9." + criterion.number })
    }

    @Test("site.yml `standards:` names them on criterion pages, in entries' criteria lists and in criteria.json; by default none")
    func shownWhenAsked() throws {
        let entry = "---\ntitle: Slider\nwcag: [1.4.3, 2.5.8]\n---\nBody.\n"
        let site = try TestSite(["site.yml": "title: T\nstandards: [en-301-549, section-508]\n", "Content/web/slider.md": entry])
        #expect(site.build().outcome == .success)
        let criterion = try site.html("wcag/1.4.3/index.html")
        #expect(criterion.contains("EN 301 549 V3.2.1"))
        #expect(criterion.contains("<li>11.1.4.3 (software)</li>"))
        #expect(criterion.contains("Required: WCAG 2.0 Level A and AA"))
        let newer = try site.html("wcag/2.5.8/index.html")
        #expect(newer.contains("Not in this version"))
        #expect(newer.contains("Not required: not in WCAG 2.0."))
        let page = try site.html("web/slider/index.html")
        #expect(page.contains("EN 301 549 V3.2.1: 9.1.4.3, 10.1.4.3, 11.1.4.3"))
        #expect(page.contains("Section 508: not required (not in WCAG 2.0)"))
        let json = try site.html("criteria.json")
        #expect(json.contains(#""en301549":[{"applies":true,"clause":"9.1.4.3","scope":"web"}"#))
        #expect(json.contains(#""section508":true"#))

        let plain = try TestSite(["Content/web/slider.md": entry])
        #expect(plain.build().outcome == .success)
        #expect(try !plain.html("wcag/1.4.3/index.html").contains("EN 301 549"))
        #expect(try !plain.html("criteria.json").contains("en301549"))
    }

    @Test("an unknown standard is an error that names the known ones")
    func unknownStandard() {
        let parsed = SiteConfigParser().parse("standards: [en-301549, section-508]\n", path: "site.yml")
        #expect(parsed.value.standards == [.section508])
        #expect(parsed.diagnostics.contains { $0.severity == .error && $0.message.contains("`en-301-549`") && $0.line == 1 })
    }
}
