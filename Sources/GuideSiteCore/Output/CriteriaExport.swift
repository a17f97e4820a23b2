import Foundation

/// `criteria.json`: every entry with its URL, section, categories, WCAG criteria and the test
/// criteria of its front matter, for import into test-management tools.
///
/// Written without white space (one line and a final line break: a third smaller and
/// faster to write than indented, 14 MB at 10,000 entries; `jq .` prints it indented).
///
/// Schema `guidesite-criteria/1` (keys sorted, entries sorted by path):
/// ```
/// { "schema": "guidesite-criteria/1",
///   "site": { "title": String, "url": String? },
///   "entries": [ {
///       "title": String, "path": String, "url": String?, "section": String?, "source": String,
///       "categories": [String],
///       "criteria": [ { "number": String, "name": String, "level": String,
///                       "fromFrontMatter": Bool, "fromBody": Bool,
///                       "en301549": [ { "clause": String, "scope": String, "applies": Bool } ],
///                       "section508": Bool } ],           (the last two with site.yml `standards:`)
///       "tests": { "keyboard" | "mobile" | "screenreader" | "settings":
///                  [ { "check": String, "expected": String } ] },
///       "gherkin": { "<kind>": [ { "when": String, "then": String, "result": String? } ] },
///       "checks": [ { "group": String, "check": String } ],        (wcag grouped by principle)
///       "sections": { "checklist": String, "gherkin": String } } ],  (criteria under headings)
///   "rules": { "<number>": { "axe": [ { "id": String, "name": String, "url": String,
///                                       "provisional": Bool } ], "act": [ … ] } } }
/// ```
/// `rules`: for each criterion the entries cite, the automated rules that test it
/// (`AutomatedRules`: axe-core's, and W3C's ACT rules); both empty when it needs a person.
enum CriteriaExport {
    static let schema = "guidesite-criteria/1"

    /// The file, and each entry's part by its page's path (`Route.path`); `reusing` gives a part
    /// already made for a path; `locating`: where each part is in the file (`ranges`). Entries are
    /// made `run` at a time.
    static func json(for site: Site, basePath: String, reusing: (@Sendable (String) -> JSONWriter.Fragment?)? = nil, keepingParts: Bool = false,
                     locating: Bool = false, run size: Int = Runs.size)
        -> (bytes: [UInt8], parts: [String: JSONWriter.Fragment], ranges: [String: Range<Int>]) {
        let pages = entries(of: site, basePath: basePath)
        let config = site.config
        // Each entry is written on its own core; joined in path order, the bytes never vary.
        let makeEntry: @Sendable (Page, String) -> JSONWriter.Fragment = { page, path in
            reusing?(page.route.path) ?? entry(page, path: path, config: config)
        }
        // The entries go between the empty document's brackets, made in runs and let go once
        // copied (135 MB at 100,000 entries).
        let empty = emptyDocument(site, pages: pages)
        let opening = Array("{\"entries\":[".utf8)
        var output = opening
        var parts: [String: JSONWriter.Fragment] = [:]
        var ranges: [String: Range<Int>] = [:]
        for start in stride(from: 0, to: pages.count, by: size) {
            let run = pages[start..<min(start + size, pages.count)]
            let entries = Array(run).concurrentMap { makeEntry($0.page, $0.path) }
            if output.count == opening.count {
                output.reserveCapacity(entries.reduce(0) { $0 + $1.bytes.count + 1 } * pages.count / run.count + empty.count)
            }
            for (offset, fragment) in entries.enumerated() {
                if start + offset > 0 { output.append(UInt8(ascii: ",")) }
                if locating { ranges[run[start + offset].page.route.path] = output.count..<(output.count + fragment.bytes.count) }
                output.append(contentsOf: fragment.bytes)
            }
            if keepingParts { for (page, fragment) in zip(run, entries) { parts[page.page.route.path] = fragment } }
        }
        output.append(contentsOf: empty[opening.count...])
        return (output, parts, ranges)
    }

    /// The pages with an entry, in the file's order, each with its address.
    static func entries(of site: Site, basePath: String) -> [(page: Page, path: String)] {
        site.pages.filter { ($0.kind == .entry || !$0.acceptanceSections.isEmpty) && !$0.route.isInOtherLanguage }
            .map { (page: $0, path: $0.route.href(basePath: basePath)) }
            .sorted { $0.path < $1.path }
    }

    /// The document with no entries: `{"entries":[` (keys are sorted), then what follows the
    /// entries (the site, the rules of the criteria `pages` cite, the schema).
    static func emptyDocument(_ site: Site, pages: [(page: Page, path: String)]) -> [UInt8] {
        var siteValues: [String: Any] = ["title": site.config.title]
        if let url = site.config.url { siteValues["url"] = url }
        let cited = Set(pages.flatMap { $0.page.criteria.map(\.number) }).filter { WCAG22.byNumber[$0] != nil }
        let rules = Dictionary(uniqueKeysWithValues: cited.map { number in
            (number, ["axe": AutomatedRules.axe(number).map(ruleValue), "act": AutomatedRules.act(number).map(ruleValue)])
        })
        return JSONWriter.compactBytes(["schema": schema, "site": siteValues, "entries": [Any](), "rules": rules] as [String: Any])
    }

    /// One page's entry at `path`.
    static func entry(_ page: Page, path: String, config: SiteConfig) -> JSONWriter.Fragment {
        let siteURL = config.url
        let standards = config.standards
        var entry: [(key: String, value: JSONValue)] = [
            ("title", .string(page.title)),
            ("path", .string(path)),
            ("source", .string(page.sourcePath)),
            ("categories", .strings(page.frontMatter.categories)),
            ("criteria", .array(page.criteria.compactMap { reference -> JSONValue? in
                guard let criterion = WCAG22.byNumber[reference.number] else { return nil }
                var item: [(key: String, value: JSONValue)] = [
                    ("number", .string(criterion.number)), ("name", .string(criterion.name)),
                    ("level", .string(criterion.obsolete ? "obsolete" : criterion.level)),
                    ("fromFrontMatter", .bool(reference.fromFrontMatter)), ("fromBody", .bool(reference.fromBody)),
                ]
                if standards.contains(.en301549) {
                    item.append(("en301549", .array(Standards.enClauses(of: criterion.number).map { clause in
                        .object([("clause", .string(clause.number)), ("scope", .string(clause.scope)), ("applies", .bool(clause.applies))])
                    })))
                }
                if standards.contains(.section508) { item.append(("section508", .bool(Standards.section508Requires(criterion.number)))) }
                return .object(item)
            })),
        ]
        if let section = page.section { entry.append(("section", .string(section))) }
        if let url = SitePaths.absolute(path, siteURL: siteURL) { entry.append(("url", .string(url))) }
        var tests: [String: JSONValue] = [:]
        var gherkin: [String: JSONValue] = [:]
        for field in page.frontMatter.entries {
            if TestingTables.all.contains(where: { $0.key == field.key }) {
                tests[field.key] = .array(TestingTables.rows(field.value).map { row in
                    .object([("check", .string(row.key)), ("expected", .string(row.value))])
                })
            } else if field.key.hasPrefix("gherkin-"), case .list(let items) = field.value {
                gherkin[String(field.key.dropFirst("gherkin-".count))] = .array(items.compactMap { item -> JSONValue? in
                    guard case .map(let steps) = item else { return nil }
                    var step: [(key: String, value: JSONValue)] = [
                        ("when", .string(steps["when"]?.value.text ?? "")), ("then", .string(steps["then"]?.value.text ?? "")),
                    ]
                    if let result = steps["result"]?.value.text { step.append(("result", .string(result))) }
                    return .object(step)
                })
            }
        }
        entry.append(("tests", .object(tests.map { ($0.key, $0.value) })))
        if !gherkin.isEmpty { entry.append(("gherkin", .object(gherkin.map { ($0.key, $0.value) }))) }
        let checks = page.frontMatter.criteriaGroups.flatMap { group in
            group.checks.map { JSONValue.object([("group", .string(group.name)), ("check", .string($0.text))]) }
        }
        if !checks.isEmpty { entry.append(("checks", .array(checks))) }
        if !page.acceptanceSections.isEmpty {
            var sections: [(key: String, value: JSONValue)] = []
            for kind in [AcceptanceSection.Kind.checklist, .gherkin] {
                let text = page.acceptanceSections.filter { $0.kind == kind }.map { $0.text }
                    .filter { !$0.isEmpty }.joined(separator: "\n\n")
                if !text.isEmpty { sections.append((kind.rawValue, .string(text))) }
            }
            entry.append(("sections", .object(sections)))
        }
        return JSONWriter.compactFragment(.object(entry))
    }

    private static func ruleValue(_ rule: AutomatedRules.Rule) -> [String: Any] {
        ["id": rule.id, "name": rule.name, "url": rule.url, "provisional": rule.provisional]
    }
}
