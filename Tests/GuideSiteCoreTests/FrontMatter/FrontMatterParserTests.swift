import Testing
@testable import GuideSiteCore

@Suite("Front matter parser")
struct FrontMatterParserTests {
    let parser = FrontMatterParser()

    /// The shape of real entries: one-space indentation, keys with spaces, commas and `+`,
    /// block scalars followed by lines of trailing spaces.
    static let criteriaYAML = """
        layout: entry
        title:  "Segmented control"
        categories: controls

        keyboard:
         shift+tab, arrows or ctrl+tab: |
             Focus moves to the selected segment
         space: |
             The focused segment is selected
             \u{20}\u{20}\u{20}\u{20}\u{20}\u{20}
        mobile:
         swipe: >-
             Focus moves to a segment and announces
             "1 of 3"
        screenreader:
         name: |
             Says what the segments switch between
        """

    @Test("keeps the author's key order in criteria maps, with keys containing spaces, commas and +")
    func keyOrder() throws {
        let result = parser.parse(Self.criteriaYAML, firstLine: 2, path: "a.md")
        #expect(result.diagnostics.isEmpty)
        let matter = result.value
        #expect(matter.entries.map(\.key) == ["layout", "title", "categories", "keyboard", "mobile", "screenreader"])
        guard case .map(let keyboard) = try #require(matter.entries["keyboard"]).value else {
            Issue.record("keyboard is not a map")
            return
        }
        #expect(keyboard.map(\.key) == ["shift+tab, arrows or ctrl+tab", "space"])
        #expect(keyboard[0].value == .text("Focus moves to the selected segment\n"))
        #expect(keyboard[0].line == 7)
    }

    @Test("folded block scalars (>-) join lines and drop the final newline")
    func folded() throws {
        let matter = parser.parse(Self.criteriaYAML, firstLine: 2, path: "a.md").value
        guard case .map(let mobile) = try #require(matter.entries["mobile"]).value else {
            Issue.record("mobile is not a map")
            return
        }
        #expect(mobile[0].value == .text("Focus moves to a segment and announces \"1 of 3\""))
    }

    @Test("typed fields: title, layout, description, order, permalink, draft")
    func typed() {
        let yaml = """
            title: Wheel picker
            layout: entry
            description: Pick one value.
            order: 12.5
            permalink: /native/wheel/
            draft: true
            """
        let matter = parser.parse(yaml, firstLine: 2, path: "a.md").value
        #expect(matter.title == "Wheel picker")
        #expect(matter.layout == "entry")
        #expect(matter.description == "Pick one value.")
        #expect(matter.order == 12.5)
        #expect(matter.permalink == "/native/wheel/")
        #expect(matter.draft == true)
    }

    @Test("other generators' position keys order a section's lists where `order:` says nothing", arguments: [
        ("sidebar_position: 3", 3.0), ("nav_order: 2", 2.0), ("weight: 10", 10.0),
        ("sidebar_position: 3\norder: 1", 1.0), ("order: 1\nsidebar_position: 3", 1.0), ("weight: heavy", nil),
    ] as [(String, Double?)])
    func positions(yaml: String, order: Double?) {
        let parsed = parser.parse(yaml, firstLine: 2, path: "a.md")
        #expect(parsed.value.order == order)
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test("categories from a list or from words separated by spaces or commas",
          arguments: [
            ("categories: nav form", ["nav", "form"]),
            ("categories: nav, form,  media", ["nav", "form", "media"]),
            ("categories: [nav, form]", ["nav", "form"]),
            ("categories:\n  - nav\n  - form", ["nav", "form"]),
            ("categories: controls", ["controls"]),
            ("categories: nav nav", ["nav"]),
          ])
    func categories(yaml: String, expected: [String]) {
        #expect(parser.parse(yaml, firstLine: 2, path: "a.md").value.categories == expected)
    }

    @Test("wcag accepts numbers, named strings and maps with sc or criterion")
    func wcag() {
        let yaml = """
            wcag:
              - 1.4.3
              - "2.4.7 Focus Visible"
              - sc: 1.3.1
              - criterion: 4.1.2
            """
        #expect(parser.parse(yaml, firstLine: 2, path: "a.md").value.wcag == ["1.4.3", "2.4.7 Focus Visible", "1.3.1", "4.1.2"])
    }

    @Test("lists of maps such as gherkin-keyboard reach templates as they are")
    func listsOfMaps() throws {
        let yaml = """
            gherkin-keyboard:
              - when: I press tab
                then: focus moves to the picker
            """
        let entry = try #require(parser.parse(yaml, firstLine: 2, path: "a.md").value.entries["gherkin-keyboard"])
        guard case .list(let items) = entry.value, case .map(let first) = items.first else {
            Issue.record("gherkin-keyboard is not a list of maps")
            return
        }
        #expect(first.map(\.key) == ["when", "then"])
    }

    @Test("bad input gets its own message with the line in the file",
          arguments: [
            ("title: ok\nkeyboard:\n  tab: x\n bad", "a.md:5:2: error: [yaml] not valid YAML"),
            ("- just\n- a list", "a.md:2:1: error: [front-matter] front matter must be a map of `key: value` lines, but it is a list"),
            ("title: a\nlinks: {x: 1, x: 2}", "a.md:3:"),
            ("title: \"open", "a.md:2:8: error: [yaml] not valid YAML"),
          ])
    func badInput(yaml: String, expected: String) {
        let result = parser.parse(yaml, firstLine: 2, path: "a.md")
        #expect(result.diagnostics.contains { $0.description.contains(expected) }, "got \(result.diagnostics)")
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test("a value of a shape GuideSite does not read is a warning naming what it found and what it reads; the key is kept to show",
          arguments: [
            ("title: [a, b]", "a.md:2:1: warning: [front-matter] `title` must be text, but it is a list", "title"),
            ("order: soon", "a.md:2:1: warning: [front-matter] `order` must be a number", "order"),
            ("draft: maybe", "a.md:2:1: warning: [front-matter] `draft` must be `true` or `false`", "draft"),
            ("wcag:\n  - [1.4.3]", "a.md:2:1: warning: [front-matter] a `wcag` item is a list of a shape GuideSite does not read; it reads a list of criteria", "wcag"),
            ("aliases: {a: b}", "a.md:2:1: warning: [front-matter] `aliases` must be a list of old paths", "aliases"),
          ])
    func unknownShape(yaml: String, expected: String, key: String) {
        let result = parser.parse(yaml, firstLine: 2, path: "a.md")
        #expect(result.diagnostics.contains { $0.description.contains(expected) }, "got \(result.diagnostics)")
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.value.unreadKeys == [key])
    }

    @Test("`wcag` grouped by principle is read as groups of checks with their lines, beside plain numbers")
    func principleGroups() {
        let yaml = """
        wcag:
          - 2.4.7
          - name: Perceivable
            list:
              - criteria: Color is not used as the only means of conveying information
          - name: Operable
            list:
              - criteria: Is keyboard operable
              - The focus indication has a 3:1 minimum contrast ratio against adjacent elements
        """
        let result = parser.parse(yaml, firstLine: 2, path: "a.md")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.value.wcag == ["2.4.7"])
        let groups = result.value.criteriaGroups
        #expect(groups.map(\.name) == ["Perceivable", "Operable"])
        #expect(groups.map { $0.checks.map(\.text) } == [
            ["Color is not used as the only means of conveying information"],
            ["Is keyboard operable", "The focus indication has a 3:1 minimum contrast ratio against adjacent elements"],
        ])
        #expect(groups[1].checks[0].line == 9)
        #expect(groups[1].checks[0].column == 9)
    }

    @Test("an alias bomb is refused instead of expanded")
    func aliasBomb() {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g"] {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        let result = parser.parse(yaml, firstLine: 2, path: "a.md")
        #expect(result.diagnostics.contains { $0.message.contains("aliases") })
    }
}
