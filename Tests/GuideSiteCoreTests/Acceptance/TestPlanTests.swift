import Foundation
import Testing
@testable import GuideSiteCore

/// An entry's tests as scenarios, and the Gherkin written from them.
@Suite("Test plans and Gherkin")
struct TestPlanTests {
    static func page(_ matter: String, body: String = "", sections: [AcceptanceSection] = []) -> Page {
        let parsed = FrontMatterParser().parse(matter, firstLine: 2, path: "a.md")
        var page = Page(sourcePath: "Content/web/a.md", contentPath: "web/a.md", kind: .entry, section: "web",
                        route: Route(segments: ["web", "a"]), frontMatter: parsed.value, title: parsed.value.title ?? "Wheel Picker",
                        layout: "entry", body: RenderedBody(html: "", headings: []), markdown: body, bodyFirstLine: 1)
        page.acceptanceSections = sections
        return page
    }

    @Test("one scenario per test table, a When per key, an And for what follows the same action")
    func tables() {
        let page = Self.page("keyboard:\n  tab: Focus moves\n  escape: It closes\nscreenreader:\n  name: Says the label\n  role: Button\nsettings:\n  - Larger text works\n")
        let feature = GherkinText.feature(TestPlan(page: page), page: page)
        #expect(feature == """
            Feature: Wheel Picker

              Scenario: Keyboard
                Given I am using a keyboard
                When I press tab
                Then focus moves
                When I press escape
                Then it closes

              Scenario: Screen reader
                Given I am using a screen reader
                When focus reaches the wheel picker
                Then its name: says the label
                And its role: button

              Scenario: Device settings
                Given I have changed the device settings
                Then larger text works

            """)
    }

    @Test("written Gherkin keeps its steps in their case, gets a Scenario, and keeps other text as comments")
    func written() {
        let lines = ["GIVEN I use a keyboard", "WHEN I press Tab", "THEN focus moves", "| a | b |", "| 1 | 2 | 3 |", "Some prose",
                     "Feature: again", "scenario: Second", "and it ends"]
        let section = AcceptanceSection(kind: .gherkin, heading: "Gherkin", lines: lines.map { .init(text: $0, platform: nil) })
        let plan = TestPlan(page: Self.page("title: T\n", sections: [section]))
        #expect(plan.scenarios.map(\.name) == ["Gherkin", "Second"])
        #expect(plan.scenarios[0].written == ["Scenario: Gherkin", "Given I use a keyboard", "When I press Tab", "Then focus moves",
                                              "| a | b |", "# | 1 | 2 | 3 |", "# Some prose"])
        #expect(plan.scenarios[0].kind == .keyboard)
        #expect(plan.scenarios[0].steps.map(\.action) == ["I press Tab"] && plan.scenarios[0].steps.map(\.expected) == ["focus moves"])
        #expect(plan.scenarios[1].written == ["Scenario: Second", "And it ends"])
    }

    @Test("a checklist under a heading: a scenario per sub-heading and platform, `key: text` items as actions")
    func checklist() {
        let lines: [(String, String?)] = [("", nil), ("Keyboard", nil), ("- [ ] Tab: focus moves", nil), ("", "iOS"), ("iOS", "iOS"),
                                          ("- [ ] VoiceOver reads the label", "iOS")]
        let section = AcceptanceSection(kind: .checklist, heading: "Condensed", lines: lines.map { .init(text: $0.0, platform: $0.1) })
        let plan = TestPlan(page: Self.page("title: Button\n", sections: [section]))
        #expect(plan.scenarios.map(\.name) == ["Keyboard", "iOS"])
        #expect(plan.scenarios.map(\.platform) == [nil, "iOS"])
        #expect(plan.scenarios[0].steps == [TestPlan.Step(action: "Tab", expected: "focus moves", when: "I press Tab", then: "focus moves")])
        #expect(plan.scenarios[1].given == "the button is on screen")
    }

    @Test("titles read as nouns unless they hold names", arguments: [
        ("Wheel Picker", "wheel picker"), ("Wheel picker", "wheel picker"), ("iOS date picker", "iOS date picker"), ("NVDA tips", "NVDA tips"),
    ])
    func noun(title: String, expected: String) {
        #expect(TestPlan.noun(title) == expected)
    }

    @Test("a .feature file beside each entry, named after it")
    func paths() {
        #expect(TestPlan.featurePath(of: Route(segments: ["native", "wheel-picker"])) == "native/wheel-picker/wheel-picker.feature")
        #expect(TestPlan.featurePath(of: Route(file: "guide/intro.html")) == "guide/intro.feature")
        #expect(TestPlan.featurePath(of: Route(segments: [])) == "home.feature")
    }

    @Test("a title as a noun over bytes agrees with the noun made by characters")
    func nouns() {
        #expect(TestPlan.noun("Wheel Picker") == "wheel picker")
        #expect(TestPlan.noun("iOS Date Picker") == "iOS Date Picker")
        #expect(TestPlan.noun("  Tab   panel ") == "tab panel")
        var generator = SystemRandomNumberGenerator()
        let pieces = ["Wheel", "picker", " ", "  ", "A", "iOS", "NVDA", "x", "\t", "\n", "É", "é", "-", "2.4.7", "Ünits", "a\u{301}", "'"]
        for _ in 0..<3000 {
            let title = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(TestPlan.noun(title) == TestPlan.nounByCharacters(title), "\(title.debugDescription)")
        }
    }

    @Test("whether a page has a scenario, asked up to the first, agrees with its whole plan")
    func hasScenarios() {
        let checklist = AcceptanceSection(kind: .checklist, heading: "Condensed", lines: [.init(text: "Keyboard", platform: nil), .init(text: "- [ ] Tab: focus moves", platform: nil)])
        let lead = AcceptanceSection(kind: .checklist, heading: "Condensed", lines: [.init(text: "Keyboard", platform: nil)])
        let pages = [Self.page(""), Self.page("keyboard:\n  tab: Focus moves\n"), Self.page("keyboard: {}\n"), Self.page("title: X\n", sections: [lead]),
                     Self.page("title: X\n", sections: [lead, checklist]), Self.page("gherkin-keyboard:\n  - when: Tab\n    then: Focus moves\n"),
                     Self.page("keyboard: {}\nscreenreader:\n  name: Says the label\n")]
        for page in pages {
            #expect(TestPlan.hasScenarios(page) == !TestPlan(page: page).scenarios.isEmpty, "\(page.frontMatter)")
        }
        #expect(pages.map(TestPlan.hasScenarios) == [false, true, false, false, true, true, true])
    }

    @Test("a .feature file's name is read over bytes as by characters")
    func featureNames() {
        var random = RandomEditTests.Generator(state: 59)
        let pieces = ["native", "wheel-picker", "index.html", "intro.html", "a.b", "é", "x", "\u{301}", ".", "", "2"]
        for _ in 0..<3000 {
            let segments = (0..<random.next(4)).map { _ in pieces[random.next(pieces.count)] }.filter { !$0.isEmpty && $0 != "." }
            for route in [Route(segments: segments), Route(file: segments.joined(separator: "/") + (random.next(2) == 0 ? ".html" : "/x.txt"))] {
                #expect(TestPlan.featureName(of: route) == TestPlan.featureNameByCharacters(of: route), "\(route.file) \(route.path)")
            }
        }
    }
}
