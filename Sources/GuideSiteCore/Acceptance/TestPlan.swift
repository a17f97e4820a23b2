/// An entry's tests as scenarios of steps: what its `.feature` file, the Gherkin text on its
/// page, `acceptance.csv` and the criteria basket are written from.
///
/// Scenarios come from the "How to test" tables (one per table), `gherkin-<kind>` front matter,
/// criteria grouped by principle (one per group), checklists kept under headings (one per
/// sub-heading) and Gherkin written under headings (as written, made valid).
struct TestPlan: Sendable {
    /// What a scenario tests, as acceptance.csv's "Test kind" column names it.
    enum Kind: String, Sendable {
        case keyboard, gesture, screenReader = "screen reader", setting, check, scenario
    }

    /// One action and what must happen.
    struct Step: Sendable, Hashable {
        /// The action or the thing checked ("Tab", "name"); empty for a check without one.
        var action: String
        /// What must happen.
        var expected: String
        /// The step as Gherkin's `When`; nil when nothing is done first.
        var when: String?
        /// The step as Gherkin's `Then`.
        var then: String
        /// What must follow too, as Gherkin's `And` (`gherkin-<kind>`'s `result`).
        var also: [String] = []
    }

    /// One scenario.
    struct Scenario: Sendable {
        var name: String
        var kind: Kind
        /// The platform heading it was written under, if any.
        var platform: String?
        var given: String?
        var steps: [Step]
        /// Gherkin written by the author, made valid (`Scenario:` first), instead of `given` and `steps`.
        var written: [String]?
    }

    var title: String
    var scenarios: [Scenario]
    /// The title as a noun in a sentence ("wheel picker"), made once.
    private let subject: String

    /// The kind of each test table.
    private static let tableKinds: [String: Kind] = ["keyboard": .keyboard, "mobile": .gesture, "screenreader": .screenReader, "settings": .setting]

    /// Whether the page has a scenario, made up to the first (the parser asks of every page).
    static func hasScenarios(_ page: Page) -> Bool {
        !TestPlan(page: page, upTo: 1).scenarios.isEmpty
    }

    /// The page's scenarios, the first `limit` of them or more.
    init(page: Page, upTo limit: Int = .max) {
        title = page.title
        subject = Self.noun(page.title)
        scenarios = []
        let matter = page.frontMatter
        let explicit = matter.entries.contains { $0.key.hasPrefix("gherkin-") }
            ? Set(matter.entries.map(\.key).filter { $0.hasPrefix("gherkin-") }) : []
        for entry in matter.entries where scenarios.count < limit {
            if let kind = Self.tableKinds[entry.key], let spec = TestingTables.all.first(where: { $0.key == entry.key }),
               !explicit.contains("gherkin-" + entry.key) {
                let steps = TestingTables.rows(entry.value).map { row in
                    step(action: row.key, expected: row.value, kind: kind, when: row.key.isEmpty ? nil : when(kind, action: row.key))
                }
                if !steps.isEmpty { scenarios.append(Scenario(name: spec.caption, kind: kind, given: Self.given(kind), steps: steps)) }
            } else if entry.key.hasPrefix("gherkin-"), case .list(let items) = entry.value {
                let name = String(entry.key.dropFirst("gherkin-".count))
                let kind = Self.tableKinds[name]
                var steps: [Step] = []
                for case .map(let fields) in items {
                    let when = Self.line(fields["when"]?.value.text ?? "")
                    let then = Self.line(fields["then"]?.value.text ?? "")
                    let also = fields["result"]?.value.text.map { [Self.line($0)] } ?? []
                    steps.append(Step(action: when, expected: ([then] + also).filter { !$0.isEmpty }.joined(separator: "; "),
                                      when: when.isEmpty ? nil : when, then: then, also: also))
                }
                if !steps.isEmpty {
                    scenarios.append(Scenario(name: name.capitalized, kind: kind ?? .scenario,
                                              given: kind.flatMap(Self.given) ?? "I am testing the \(name) behaviour", steps: steps))
                }
            }
        }
        for group in matter.criteriaGroups where !group.checks.isEmpty && scenarios.count < limit {
            let steps = group.checks.map { Step(action: "", expected: Self.line($0.text), when: nil, then: AcceptanceCriteria.lowercasedFirst(Self.line($0.text))) }
            scenarios.append(Scenario(name: group.name, kind: .check, given: "the \(subject) is on screen", steps: steps))
        }
        for section in page.acceptanceSections where scenarios.count < limit {
            switch section.kind {
            case .checklist: addChecklist(section)
            case .gherkin: scenarios += GherkinText.scenarios(section)
            }
        }
    }

    /// A table row as a step: the expected text as Gherkin wants it, a row without an expected
    /// text as a check of its own.
    private func step(action: String, expected: String, kind: Kind, when: String?) -> Step {
        let action = Self.line(action), expected = Self.line(expected)
        if expected.isEmpty { return Step(action: "", expected: action, when: nil, then: AcceptanceCriteria.lowercasedFirst(action)) }
        var then = AcceptanceCriteria.lowercasedFirst(expected)
        if kind == .screenReader, !action.isEmpty { then = "its \(action): \(then)" }
        return Step(action: action, expected: expected, when: when, then: then)
    }

    /// A checklist under a heading: a scenario per sub-heading (or lead-in line), a step per item
    /// (`Tab: focus moves` is the action `Tab` and what it must do).
    private mutating func addChecklist(_ section: AcceptanceSection) {
        var current: Scenario?
        func finish() {
            if var scenario = current, !scenario.steps.isEmpty {
                if scenario.given == nil { scenario.given = "the \(subject) is on screen" }
                scenarios.append(scenario)
            }
            current = nil
        }
        for line in section.lines {
            let text = line.text.trimmingWhitespace()
            guard !text.isEmpty else { continue }
            guard text.hasPrefix("- [ ] ") else {
                finish()
                let kind = Self.kind(named: text)
                let name = line.platform.map { $0 == text ? text : "\(Self.line(text)) (\($0))" } ?? Self.line(text)
                current = Scenario(name: name, kind: kind, platform: line.platform, given: Self.given(kind), steps: [])
                continue
            }
            let item = String(text.dropFirst("- [ ] ".count))
            if current == nil || current?.platform != line.platform {
                finish()
                let name = line.platform.map { "\(section.heading) (\($0))" } ?? section.heading
                current = Scenario(name: name, kind: .check, platform: line.platform, given: nil, steps: [])
            }
            let parts = item.split(separator: ":", maxSplits: 1)
            let kind = current?.kind ?? .check
            if parts.count == 2, parts[0].count <= 60, !parts[1].trimmingWhitespace().isEmpty {
                let action = parts[0].trimmingWhitespace()
                current?.steps.append(step(action: action, expected: parts[1].trimmingWhitespace(), kind: kind, when: when(kind, action: action)))
            } else {
                current?.steps.append(step(action: "", expected: item, kind: kind, when: nil))
            }
        }
        finish()
    }

    /// What is done first in a test of `kind`, as Gherkin's `When`.
    private func when(_ kind: Kind, action: String) -> String? {
        switch kind {
        case .keyboard: "I press \(action)"
        case .gesture: "I \(AcceptanceCriteria.lowercasedFirst(action))"
        case .setting: "\(action) is on"
        case .screenReader: "focus reaches the \(subject)"
        case .check, .scenario: nil
        }
    }

    /// The kind a sub-heading names ("Keyboard", "Mobile gestures", "Screen reader output").
    static func kind(named heading: String) -> Kind {
        let text = heading.lowercased()
        if text.contains("keyboard") { return .keyboard }
        if text.contains("screen reader") || text.contains("screenreader") || text.contains("voiceover") || text.contains("talkback") { return .screenReader }
        if text.contains("gesture") || text.contains("touch") || text.contains("mobile") || text.contains("swipe") { return .gesture }
        if text.contains("setting") { return .setting }
        return .check
    }

    /// The `Given` of a kind of test.
    static func given(_ kind: Kind) -> String? {
        switch kind {
        case .keyboard: "I am using a keyboard"
        case .gesture: "I am using a screen reader on a mobile device"
        case .screenReader: "I am using a screen reader"
        case .setting: "I have changed the device settings"
        case .check, .scenario: nil
        }
    }

    /// Where an entry's `.feature` file is written: beside its page, named after it
    /// (`native/wheel-picker/wheel-picker.feature`).
    static func featurePath(of route: Route) -> String {
        route.folder + featureName(of: route)
    }

    /// `wheel-picker.feature`: the page's last path segment, or its file's name. Over bytes
    /// when ASCII without CR (each byte a character): by characters, a page's `.feature` path was
    /// a twentieth of a preview's build that takes most pages' files again.
    static func featureName(of route: Route) -> String {
        let (file, path) = (route.file.utf8, route.path.utf8)
        guard file.allSatisfy({ $0 < 0x80 && $0 != 13 }), path.allSatisfy({ $0 < 0x80 && $0 != 13 }) else {
            return featureNameByCharacters(of: route)
        }
        let slash = UInt8(ascii: "/")
        let last = file.lastIndex(of: slash).map { file[file.index(after: $0)...] } ?? file[...]
        var name: Substring.UTF8View
        if last.elementsEqual("index.html".utf8) {
            let folder = path.dropLast()
            name = folder.lastIndex(of: slash).map { folder[folder.index(after: $0)...] } ?? folder
        } else {
            name = last.prefix { $0 != UInt8(ascii: ".") }
        }
        return (name.isEmpty ? "home" : String(Substring(name))) + ".feature"
    }

    /// `featureName` by characters, for any route.
    static func featureNameByCharacters(of route: Route) -> String {
        let file = route.file.lastIndex(of: "/").map { route.file[route.file.index(after: $0)...] } ?? Substring(route.file)
        var name: Substring
        if file == "index.html" {
            let path = route.path.dropLast()
            name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path
        } else {
            name = file.prefix { $0 != "." }
        }
        return (name.isEmpty ? "home" : name) + ".feature"
    }

    /// How the criteria basket names an entry: its path from the site's root, as the search
    /// index's addresses are written (`native/wheel-picker/`).
    static func basketKey(of route: Route) -> String {
        route.href(basePath: "")
    }

    /// A title as a noun in a sentence: "Wheel Picker" and "Wheel picker" become "wheel picker";
    /// names with other capitals ("iOS date picker", "NVDA tips") stay as written.
    static func noun(_ title: String) -> String {
        if let quick = asciiNoun(title) { return quick }
        return nounByCharacters(title)
    }

    /// `noun` by characters, for any title.
    static func nounByCharacters(_ title: String) -> String {
        let words = line(title).split(separator: " ")
        let simple = words.allSatisfy { word in word.dropFirst().allSatisfy { !$0.isUppercase } }
        return simple ? words.map { AcceptanceCriteria.lowercasedFirst(String($0)) }.joined(separator: " ") : line(title)
    }

    /// `noun` over the bytes of a title of printable ASCII (Unicode's properties of each
    /// character, asked three times for every entry, were a fifth of making its test plan).
    private static func asciiNoun(_ title: String) -> String? {
        var title = title
        return title.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let isCapital = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var wordStart = true
            for byte in bytes {
                if byte == UInt8(ascii: " ") {
                    wordStart = true
                    continue
                }
                // A capital inside a word (an acronym, "iOS" aside) keeps the title as written.
                if !wordStart, isCapital(byte) { return line(String(decoding: bytes, as: UTF8.self)) }
                if wordStart, !output.isEmpty { output.append(UInt8(ascii: " ")) }
                output.append(wordStart && isCapital(byte) ? byte | 0x20 : byte)
                wordStart = false
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Text on one line, runs of white space made one space.
    static func line(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 9 }) || text.hasPrefix(" ") || text.hasSuffix(" ") else { return text }
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == " " }).joined(separator: " ")
    }
}
