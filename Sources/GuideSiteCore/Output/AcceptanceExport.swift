import Foundation

/// Every entry's tests for test-management tools: `acceptance.csv`, one row per test step, and
/// `acceptance/<n>.js`, what the "My criteria" page combines in the browser (scripts, not JSON,
/// so that a site opened from disk can load them; see `CriteriaBasket` for how entries are
/// spread over them; each script is `GuideSite.acceptance.add({columns, entries})`).
///
/// acceptance.csv (RFC 4180, UTF-8, CRLF; rows in entry path order) has the columns `columns`:
/// ID (`native/wheel-picker/#keyboard`, the same for every step of one scenario), Test
/// ("Wheel picker: Keyboard"), Entry, Section, Platform (the platform heading the test was
/// written under, else the entry's front matter `platforms:`), Test kind (keyboard, gesture,
/// screen reader, setting, check, scenario), Step, Expected result, WCAG criteria ("1.3.1;
/// 2.1.1"), URL (absolute with site.yml `url`, else from the site's root).
enum AcceptanceExport {
    static let columns = ["ID", "Test", "Entry", "Section", "Platform", "Test kind", "Step", "Expected result", "WCAG criteria", "URL", "Assistive technologies"]

    /// One entry's scenarios as the CSV and the basket read them.
    struct EntryTests {
        var key: String
        var title: String
        var section: String
        var platforms: String
        var criteria: String
        var url: String
        /// The technologies to test with (its `support:`), joined by "; ".
        var technologies: String
        var scenarios: [(id: String, plan: TestPlan.Scenario)]
    }

    /// One entry's part of the files: its CSV rows, which script holds it, and its entry there.
    struct Part: Sendable {
        /// Slices, so that parts taken from the files a build wrote share their bytes.
        var rows: ArraySlice<UInt8>
        var script: Int
        var entry: ArraySlice<UInt8>
    }

    /// Where an entry's part is in the files: its rows in acceptance.csv, its entry in a script.
    struct Location: Sendable, Equatable {
        var rows: Range<Int>
        var script: Int
        var entry: Range<Int>
    }

    /// Every entry's part by its page's path (`Route.path`), or where each is in the files
    /// (`located`), and what the parts read besides their entry.
    struct Parts: Sendable {
        var byPath: [String: Part] = [:]
        var located: [String: Location] = [:]
        var sectionTitles: [String: String] = [:]
        var scripts = 0
        var basePath = ""
        var siteURL: String?
    }

    /// acceptance.csv and the basket's scripts, given to `write` one after the other, each
    /// entry's part made on every core, or taken from `last` for an entry not `edited` when what
    /// parts read besides it is the same. Made in runs of entries whose parts are let go once
    /// copied, and each file let go once written (at 100,000 entries, 400 MB of files).
    /// `requiringReuse`: the entries not edited hold only what lists show (a site read from a
    /// state on disk), so each must take its part from `last`, or `NotReusable` is thrown.
    static func files(of site: Site, basePath: String, reusing last: Parts? = nil, edited: Set<String> = [], requiringReuse: Bool = false,
                      keepingParts: Bool = false, locating: Bool = false, run size: Int = Runs.size,
                      write: (String, [UInt8]) throws -> Void) throws -> Parts {
        let sectionTitles = sectionTitles(of: site)
        let pages = entries(of: site)
        let count = CriteriaBasket.scriptCount(entries: pages.count)
        var made = Parts(sectionTitles: sectionTitles, scripts: count, basePath: basePath, siteURL: site.config.url)
        let lastParts = last.flatMap { last in (last.basePath, last.siteURL) == (basePath, site.config.url) ? last.byPath : nil } ?? [:]
        // A part reads the title of its entry's own section (a section that came leaves the others').
        let lastTitles = last?.sectionTitles ?? [:]
        @Sendable func reusable(_ page: Page) -> Part? {
            guard !edited.contains(page.route.path), let part = lastParts[page.route.path],
                  page.section.flatMap({ lastTitles[$0] }) == page.section.flatMap({ sectionTitles[$0] }) else { return nil }
            return part
        }
        if requiringReuse, let page = pages.first(where: { !edited.contains($0.route.path) && reusable($0) == nil }) {
            throw NotReusable(path: page.route.path)
        }
        // An entry added or removed may change how many scripts there are (one per 200): a part
        // taken is then put in the script its key now falls in.
        let rescripted = last.map { $0.scripts != count } ?? false
        var csv: [UInt8] = []
        row(columns, into: &csv)
        var scripts = Array(repeating: Array("GuideSite.acceptance.add({\"columns\":\(JSONWriter.compact(columns)),\"entries\":{".utf8), count: count)
        var empty = Array(repeating: true, count: count)
        for start in stride(from: 0, to: pages.count, by: size) {
            let run = Array(pages[start..<min(start + size, pages.count)])
            let parts = run.concurrentMap { page -> Part in
                if var part = reusable(page) {
                    if rescripted { part.script = CriteriaBasket.script(of: TestPlan.basketKey(of: page.route), count: count) }
                    return part
                }
                return part(of: page, sectionTitles: sectionTitles, basePath: basePath, config: site.config, scripts: count)
            }
            if keepingParts { for (page, part) in zip(run, parts) { made.byPath[page.route.path] = part } }
            if start == 0, run.count < pages.count {
                // Sized from the first run, the files are not copied as they grow (at 100,000
                // entries, 400 MB of them growing by doubling held 600 MB at once).
                let scale = Double(pages.count) / Double(run.count)
                csv.reserveCapacity(csv.count + Int(Double(parts.reduce(0) { $0 + $1.rows.count }) * scale * 1.1))
                // Entries spread evenly over the scripts (a hash): each is sized as their mean.
                let entries = Double(parts.reduce(0) { $0 + $1.entry.count + 1 }) * scale / Double(count)
                for script in scripts.indices { scripts[script].reserveCapacity(scripts[script].count + Int(entries * 1.25) + 64) }
            }
            for (page, part) in zip(run, parts) {
                let (rows, entry) = (csv.count, scripts[part.script].count + (empty[part.script] ? 0 : 1))
                csv.append(contentsOf: part.rows)
                if !empty[part.script] { scripts[part.script].append(UInt8(ascii: ",")) }
                scripts[part.script].append(contentsOf: part.entry)
                empty[part.script] = false
                if locating {
                    made.located[page.route.path] = Location(rows: rows..<csv.count, script: part.script, entry: entry..<scripts[part.script].count)
                }
            }
        }
        try write(SitePaths.acceptanceCSV, csv)
        csv = []
        for script in scripts.indices {
            scripts[script].append(contentsOf: "}});\n".utf8)
            try write(CriteriaBasket.scriptFolder + "\(script).js", scripts[script])
            scripts[script] = []
        }
        return made
    }

    /// The pages with an entry in the files, in their order.
    static func entries(of site: Site) -> [Page] {
        site.pages.filter { FeatureFile.isWritten(for: $0, in: site.config) }.sorted { $0.route.path < $1.route.path }
    }

    /// An entry not edited whose part could not be taken from the last build's.
    struct NotReusable: Error {
        var path: String
    }

    /// Each section's title by its name, as the files show it.
    static func sectionTitles(of site: Site) -> [String: String] {
        Dictionary(site.sections.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    /// One page's part, with the files in `scripts` scripts.
    static func part(of page: Page, sectionTitles: [String: String], basePath: String, config: SiteConfig, scripts: Int) -> Part {
        let entry = tests(of: page, sectionTitles: sectionTitles, basePath: basePath, siteURL: config.url, config: config)
        return Part(rows: csvRows(entry)[...], script: CriteriaBasket.script(of: entry.key, count: scripts), entry: scriptEntry(entry)[...])
    }

    /// One entry's scenarios, with the ids, section title, platforms and address the files show.
    static func tests(of page: Page, sectionTitles: [String: String], basePath: String, siteURL: String?, config: SiteConfig) -> EntryTests {
        let key = TestPlan.basketKey(of: page.route)
        var used = Set<String>()
        let scenarios = TestPlan(page: page).scenarios.map { scenario -> (id: String, plan: TestPlan.Scenario) in
            var slug = HeadingIDGenerator.slug(scenario.name)
            if slug.isEmpty { slug = "scenario" }
            var id = slug, number = 2
            while !used.insert(id).inserted { id = "\(slug)-\(number)"; number += 1 }
            return (key + "#" + id, scenario)
        }
        var platforms: [String] = []
        if case .list(let items)? = page.frontMatter.entries["platforms"]?.value { platforms = items.compactMap(\.text) }
        return EntryTests(key: key, title: page.title, section: page.section.flatMap { sectionTitles[$0] } ?? "",
                          platforms: platforms.joined(separator: "; "), criteria: page.criteria.map(\.number).joined(separator: "; "),
                          url: SitePaths.absolute(page.route.href(basePath: basePath), siteURL: siteURL) ?? key,
                          technologies: SupportResults.technologies(of: page, config: config).joined(separator: "; "),
                          scenarios: scenarios)
    }

    /// An entry's rows of acceptance.csv.
    static func csvRows(_ entry: EntryTests) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        // Field by field: an array of eleven texts per step, and each test's name joined anew
        // for each, were a percent of a full build.
        for (id, scenario) in entry.scenarios {
            let test = entry.title + ": " + scenario.name
            for step in scenario.steps {
                field(id, into: &output, first: true)
                field(test, into: &output)
                field(entry.title, into: &output)
                field(entry.section, into: &output)
                field(scenario.platform ?? entry.platforms, into: &output)
                field(scenario.kind.rawValue, into: &output)
                field(step.action.isEmpty ? "Check" : step.action, into: &output)
                field(step.expected, into: &output)
                field(entry.criteria, into: &output)
                field(entry.url, into: &output)
                field(entry.technologies, into: &output)
                output.append(contentsOf: [13, 10])
            }
        }
        return output
    }

    /// One CSV record: fields quoted when they hold a comma, a quote, a line break or outer spaces.
    static func row(_ fields: [String], into output: inout [UInt8]) {
        for (offset, text) in fields.enumerated() { field(text, into: &output, first: offset == 0) }
        output.append(contentsOf: [13, 10])
    }

    /// One field of a record, after a comma unless `first`.
    static func field(_ field: String, into output: inout [UInt8], first: Bool = false) {
        if !first { output.append(UInt8(ascii: ",")) }
        guard needsQuotes(field) else { return output.append(contentsOf: field.utf8) }
        output.append(UInt8(ascii: "\""))
        for byte in field.utf8 {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A comma, a quote or a line break inside, or a space as its first or last character. A
    /// space byte next to an ASCII byte is a character of its own; next to another byte it may
    /// be part of one (a combining mark after it, a prepended mark before), which characters tell.
    static func needsQuotes(_ field: String) -> Bool {
        let utf8 = field.utf8
        if utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) { return true }
        guard let first = utf8.first, let last = utf8.last, first == 32 || last == 32 else { return false }
        if utf8.allSatisfy({ $0 < 0x80 }) { return true }
        return field.hasPrefix(" ") || field.hasSuffix(" ")
    }

    /// An entry in a basket script: `"key":{title, section, platforms, criteria, url,
    /// scenarios: [{id, name, kind, platform?, gherkin, steps: [[action, expected]]}]}`, each
    /// scenario's Gherkin written here so the page only joins and filters. Written straight as
    /// bytes: made as JSON values first, 10,000 entries took a third of a second of CPU.
    static func scriptEntry(_ entry: EntryTests) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(2048)
        func field(_ name: String, _ value: String, comma: Bool = true) {
            if comma { out.append(UInt8(ascii: ",")) }
            JSONWriter.quote(name, into: &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.quote(value, into: &out)
        }
        JSONWriter.quote(entry.key, into: &out)
        out.append(contentsOf: ":{".utf8)
        field("title", entry.title, comma: false)
        field("section", entry.section)
        field("platforms", entry.platforms)
        field("criteria", entry.criteria)
        field("url", entry.url)
        if !entry.technologies.isEmpty { field("technologies", entry.technologies) }
        out.append(contentsOf: ",\"scenarios\":[".utf8)
        for (position, (id, scenario)) in entry.scenarios.enumerated() {
            out.append(contentsOf: (position == 0 ? "{" : ",{").utf8)
            field("id", id, comma: false)
            field("name", scenario.name)
            field("kind", scenario.kind.rawValue)
            if let platform = scenario.platform { field("platform", platform) }
            field("gherkin", GherkinText.lines(of: scenario, indent: "").joined(separator: "\n"))
            out.append(contentsOf: ",\"steps\":[".utf8)
            for (number, step) in scenario.steps.enumerated() {
                out.append(contentsOf: (number == 0 ? "[" : ",[").utf8)
                JSONWriter.quote(step.action, into: &out)
                out.append(UInt8(ascii: ","))
                JSONWriter.quote(step.expected, into: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(contentsOf: "]}".utf8)
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }
}
