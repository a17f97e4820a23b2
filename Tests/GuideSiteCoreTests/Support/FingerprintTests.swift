import Foundation
import Testing
@testable import GuideSiteCore

@Suite("Fingerprint")
struct FingerprintTests {
    @Test("the same in every process: XXH3-128 of the parts, each with its length (a value kept on disk compares)")
    func stable() {
        // Swift's Hasher is seeded per process; these would differ from run to run if it were used.
        #expect(Fingerprint.of("Wheel picker").description == Self.golden)
        #expect(Fingerprint.of(["a", "b"]) == Fingerprint.of(["a", "b"]))
    }

    @Test("parts are delimited: a split moved, an order changed or an element absent gives another fingerprint")
    func delimited() {
        let lists: [[String?]] = [["ab", "c"], ["a", "bc"], ["c", "ab"], ["abc"], [nil], [""], [], [nil, nil], ["", ""]]
        let maps: [[String: String]] = [["ab": "c"], ["a": "bc"], ["abc": ""], [:]]
        // Within one type: a query's values are compared only with that query's.
        #expect(Set(lists.map { Fingerprint.of($0) }).count == lists.count)
        #expect(Set(maps.map { Fingerprint.of($0) }).count == maps.count)
    }

    @Test("a dictionary's fingerprint is its sorted keys' (its own order differs between processes)")
    func dictionary() {
        var first: [String: Int] = [:], second: [String: Int] = [:]
        for number in 0..<100 { first["key \(number)"] = number }
        for number in (0..<100).reversed() { second["key \(number)"] = number }
        #expect(Fingerprint.of(first) == Fingerprint.of(second))
    }

    @Test("a value's fingerprint follows every field of its Codable declaration")
    func everyField() {
        let reader = PageReader(layout: SiteLayout(root: URL(fileURLWithPath: "/site")), config: SiteConfig())
        let file = ContentFile(path: "/site/Content/native/picker.md", relativePath: "native/picker.md", kind: .markdown)
        let text = "---\ntitle: Picker\ncategories: [forms]\nkeyboard:\n  tab: Focus moves\n---\n## Role\n\nA picker.\n"
        guard let page = reader.read(file, data: Data(text.utf8)).value ?? nil else {
            Issue.record("no page")
            return
        }
        let base = Fingerprint.of(page)
        #expect(Fingerprint.of(page) == base)
        var edits: [(String, (inout Page) -> Void)] = [
            ("title", { $0.title = "Wheel picker" }), ("layout", { $0.layout = "page" }), ("section", { $0.section = "web" }),
            ("route", { $0.route = Route(segments: ["p"]) }), ("kind", { $0.kind = .page }),
            ("markdown", { $0.markdown += "More.\n" }), ("first line", { $0.bodyFirstLine += 1 }), ("language", { $0.language = "fr" }),
            ("criteria", { $0.criteria = [CriterionReference(number: "2.1.1", fromFrontMatter: true, fromBody: false)] }),
            ("front matter", { $0.frontMatter.categories = ["controls"] }), ("body", { $0.body.html += "<p>x</p>" }),
            ("a heading", { $0.body.headings.append(Heading(level: 2, text: "Notes", id: "notes", line: 3)) }),
        ]
        edits.append(("updated", { $0.updated = CommitDate(seconds: 1_700_000_000, offset: 0) }))
        var seen = Set([base])
        for (field, edit) in edits {
            var edited = page
            edit(&edited)
            #expect(seen.insert(Fingerprint.of(edited)).inserted, "\(field) did not change the fingerprint")
        }
    }

    /// `xxhsum -H2` of the stream: the scalar's tag (1, 8 bytes little-endian), then its bytes'
    /// length (8 bytes) and its bytes (a text's kind, 0, then its UTF-8).
    static let golden = "580d7f1d57ad1420cab2c09a1fadaba8"
}
