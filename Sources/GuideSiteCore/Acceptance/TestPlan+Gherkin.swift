/// An entry's `.feature` file, made once per render: written beside the page and shown on it.
struct FeatureFile: Sendable {
    let text: String
    let hasScenarios: Bool

    init(page: Page) {
        let plan = TestPlan(page: page)
        text = GherkinText.feature(plan, page: page)
        hasScenarios = !plan.scenarios.isEmpty
    }

    /// Whether a page is an entry with tests to take away (its `.feature` file, Add to my
    /// criteria, acceptance rows): one with acceptance criteria under headings, one whose layout
    /// or section says `entry`, or an entry with tests. Never an article or a tutorial, which
    /// libraries keep in sections too.
    static func isWritten(for page: Page, in config: SiteConfig) -> Bool {
        guard !page.route.isInOtherLanguage else { return false }
        if !page.acceptanceSections.isEmpty || page.frontMatter.layout == "entry" { return true }
        guard page.kind == .entry else { return false }
        if let section = page.section, config.section(named: section)?.layout == "entry" { return true }
        return page.hasTests
    }
}

/// Gherkin text: an entry's `.feature` file, and Gherkin written by authors made valid for a
/// Gherkin parser (keywords in their case, steps inside a scenario, anything else a comment).
enum GherkinText {
    /// `@at-voiceover`: a technology as a Gherkin tag (no spaces).
    static func tag(_ technology: String) -> String {
        "@at-" + HeadingIDGenerator.slug(technology)
    }

    /// The `.feature` file of a page.
    static func feature(_ plan: TestPlan, page: Page) -> String {
        feature(plan, criteria: page.criteria.map(\.number), description: page.frontMatter.description, url: nil,
                technologies: SupportResults.technologies(of: page, config: SiteConfig()))
    }

    /// The `.feature` file of a plan: one `Feature`, its scenarios, the entry's criteria and the
    /// assistive technologies to test with (its `support:`) as tags.
    static func feature(_ plan: TestPlan, criteria: [String], description: String?, url: String?, technologies: [String] = []) -> String {
        var lines: [String] = []
        let tags = criteria.map { "@wcag-" + $0 } + technologies.map(tag)
        if !tags.isEmpty { lines.append(tags.joined(separator: " ")) }
        lines.append("Feature: " + TestPlan.line(plan.title))
        if let description = description.map(TestPlan.line), !description.isEmpty {
            // A description that reads as syntax is kept as a comment.
            lines.append((startsWithKeyword(description) ? "  # " : "  ") + description)
        }
        if let url { lines.append("  # " + url) }
        for scenario in plan.scenarios {
            lines.append("")
            lines += self.lines(of: scenario, indent: "  ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A scenario's lines: its steps under a `Scenario:` line at `indent`. Steps that share an
    /// action follow one `When` with `And`.
    static func lines(of scenario: TestPlan.Scenario, indent: String) -> [String] {
        let inner = indent + "  "
        if let written = scenario.written {
            return written.enumerated().map { offset, line in
                offset == 0 ? indent + line : line.hasPrefix("|") ? inner + "  " + line : inner + line
            }
        }
        var lines = [indent + "Scenario: " + TestPlan.line(scenario.name)]
        var lastWhen: String?
        var afterThen = false
        if let given = scenario.given { lines.append(inner + "Given " + given) }
        for step in scenario.steps {
            if let when = step.when, when != lastWhen {
                lines.append(inner + "When " + when)
                lines.append(inner + "Then " + step.then)
                lastWhen = when
            } else {
                lines.append(inner + (afterThen ? "And " : "Then ") + step.then)
            }
            for also in step.also { lines.append(inner + "And " + also) }
            afterThen = true
        }
        return lines
    }

    /// Whether a line would read as a Gherkin keyword, comment, tag or table row.
    static func startsWithKeyword(_ text: String) -> Bool {
        if let first = text.first, "#@|*".contains(first) { return true }
        let lowered = text.lowercased()
        return ["feature:", "rule:", "background:", "scenario", "example", "given ", "when ", "then ", "and ", "but ", "\"\"\""]
            .contains { lowered.hasPrefix($0) }
    }

    private static let scenarioKeywords: [(written: String, canonical: String, outline: Bool)] = [
        ("scenario outline:", "Scenario Outline:", true), ("scenario template:", "Scenario Outline:", true),
        ("scenario:", "Scenario:", false), ("example:", "Scenario:", false), ("background:", "Scenario:", false),
    ]
    private static let stepKeywords = ["Given", "When", "Then", "And", "But"]

    /// The scenarios of Gherkin written under a heading, made valid: steps before any
    /// `Scenario:` line get one named after the heading (and platform), `Feature:` lines are
    /// dropped (the entry is the feature), and whatever else a parser would stop at becomes a
    /// comment, so no text is lost.
    static func scenarios(_ section: AcceptanceSection) -> [TestPlan.Scenario] {
        var scenarios: [TestPlan.Scenario] = []
        var current: TestPlan.Scenario?
        var outline = false
        var last = ""  // "step", "row", "examples" or ""
        var cells = -1
        var docString = false
        var whens: [String] = [], thens: [String] = [], given = "", part = ""
        var pending: [String] = []
        func finish() {
            guard var scenario = current else { return }
            scenario.kind = TestPlan.kind(named: given + " " + scenario.name)
            if scenario.kind == .check { scenario.kind = .scenario }
            if !whens.isEmpty || !thens.isEmpty {
                scenario.steps = [TestPlan.Step(action: whens.joined(separator: "; "), expected: thens.joined(separator: "; "), when: nil, then: "")]
            }
            scenarios.append(scenario)
            current = nil
            whens = []; thens = []; given = ""; part = ""
        }
        func start(_ heading: String, platform: String?, name: String) {
            finish()
            current = TestPlan.Scenario(name: name, kind: .scenario, platform: platform, given: nil, steps: [], written: [heading] + pending)
            pending = []
            outline = heading.hasPrefix("Scenario Outline:")
            last = ""
        }
        func comment(_ text: String) {
            if current == nil { pending.append("# " + text) } else { current?.written?.append("# " + text) }
        }
        for line in section.lines {
            let text = TestPlan.line(line.text)
            guard !text.isEmpty else { continue }
            if docString || text.hasPrefix("\"\"\"") || text.hasPrefix("```") {
                if text.hasPrefix("\"\"\"") || text.hasPrefix("```") { docString.toggle() }
                comment(text); last = ""
                continue
            }
            if text.hasPrefix("#") { comment(String(text.dropFirst()).trimmingWhitespace()); continue }
            let lowered = text.lowercased()
            if lowered.hasPrefix("feature:") { continue }
            if let keyword = scenarioKeywords.first(where: { lowered.hasPrefix($0.written) }) {
                let name = text.dropFirst(keyword.written.count).trimmingWhitespace()
                let shown = name.isEmpty ? (keyword.written == "background:" ? "Background" : section.heading) : name
                start(keyword.canonical + " " + shown, platform: line.platform, name: shown)
                continue
            }
            if lowered.hasPrefix("examples:") || lowered.hasPrefix("scenarios:") {
                if outline, current != nil {
                    current?.written?.append("Examples:" + text.drop { $0 != ":" }.dropFirst())
                    last = "examples"; cells = -1
                } else {
                    comment(text)
                }
                continue
            }
            if text.hasPrefix("|") {
                let count = text.split(separator: "|", omittingEmptySubsequences: false).count
                if ["step", "row", "examples"].contains(last), last != "row" || count == cells {
                    current?.written?.append(text)
                    cells = count; last = "row"
                } else {
                    comment(text)
                }
                continue
            }
            let word = text.prefix { $0 != " " }
            if let keyword = stepKeywords.first(where: { $0.lowercased() == word.lowercased() }) ?? (word == "*" ? "*" : nil),
               text.count > word.count + 1 {
                let rest = text.dropFirst(word.count).trimmingWhitespace()
                if current == nil || current?.platform != line.platform {
                    let name = line.platform.map { "\(section.heading) (\($0))" } ?? section.heading
                    start("Scenario: " + name, platform: line.platform, name: name)
                }
                current?.written?.append(keyword + " " + rest)
                switch keyword {
                case "Given": part = "given"; given += " " + rest
                case "When": part = "when"; whens.append(rest)
                case "Then": part = "then"; thens.append(rest)
                default:
                    if part == "when" { whens.append(rest) } else if part == "then" { thens.append(rest) } else { given += " " + rest }
                }
                last = "step"; cells = -1
                continue
            }
            comment(text)
            last = ""
        }
        finish()
        return scenarios
    }
}
