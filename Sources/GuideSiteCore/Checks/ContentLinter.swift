/// The checks of the content as a whole, which every build, `serve` and `check` report alike:
/// each page's front matter against what its layout reads, categories site.yml does not
/// declare, checks naming a criterion `wcag:` lacks (`problems(of:)`, with each page's other
/// problems); and titles repeated within a section (`duplicateTitles`, over the site's pages).
public struct ContentLinter: Sendable {
    /// Keys GuideSite gives a meaning to, for did-you-mean hints on misspelt keys.
    static let knownKeys = [
        "layout", "title", "linkTitle", "description", "categories", "order", "permalink", "draft", "wcag",
        "keyboard", "mobile", "screenreader", "settings", "gherkin-keyboard", "gherkin-mobile", "render_with_liquid",
    ]

    /// Creates a linter.
    public init() {}

    /// Problems in the pages of one site: each page's and the repeated titles.
    public func lint(_ pages: [Page], config: SiteConfig) -> [Diagnostic] {
        pages.flatMap { Self.problems(of: $0, config: config) } + duplicateTitles(pages)
    }

    /// What one page's front matter and categories say wrong, once its body is rendered (its
    /// title found).
    static func problems(of page: Page, config: SiteConfig) -> [Diagnostic] {
        guard !page.sourcePath.isEmpty else { return [] }
        // (A library's pages carry its generator's own keys, which no did-you-mean is about.)
        var problems = schema(of: page, suggestsKeys: config.library == nil) + CheckSuggester.notes(for: page)
        let declared = Set(config.categories.map(\.slug))
        if !declared.isEmpty, let entry = page.frontMatter.entries["categories"] {
            for name in page.frontMatter.categories where !declared.contains(Slug.make(name)) {
                let hint = Suggestion.didYouMean(name, in: config.categories.map(\.slug))
                problems.append(Diagnostic(.warning, page.sourcePath, line: entry.line, column: entry.column,
                                           category: "undeclared-category",
                                           "category `\(name)` is not declared under `categories:` in site.yml.\(hint)"))
            }
        }
        return problems
    }

    /// Entries of one section with one title: every entry of a section all of whose entries
    /// share it at the first, else each entry after the first with a title taken. (One pass of
    /// positions and lowercased titles: it runs on every build, the preview's too.)
    public func duplicateTitles(_ pages: [Page]) -> [Diagnostic] {
        var bySection: [String: [(position: Int, title: String)]] = [:]
        for (position, page) in pages.enumerated() where page.kind == .entry && !page.sourcePath.isEmpty {
            if let section = page.section { bySection[section, default: []].append((position, page.title.lowercased())) }
        }
        var problems: [Diagnostic] = []
        func warn(_ position: Int, _ message: String) {
            let page = pages[position]
            problems.append(Diagnostic(.warning, page.sourcePath, line: page.frontMatter.entries["title"]?.line ?? 1, column: 1,
                                       category: "duplicate-title", message))
        }
        for (section, entries) in bySection.sorted(by: { $0.key < $1.key }) {
            if entries.count >= 2, entries.allSatisfy({ $0.title == entries[0].title }) {
                let title = pages[entries[0].position].title
                warn(entries[0].position, "all \(entries.count) entries of section `\(section)` have the title \"\(title)\"; give each a "
                    + "`title:` in its front matter or a first `# Title` line (without either, the file name is the title)")
                continue
            }
            var first: [String: Int] = [:]
            for entry in entries {
                guard let taken = first[entry.title] else {
                    first[entry.title] = entry.position
                    continue
                }
                let (title, other) = (pages[entry.position].title, pages[taken].sourcePath)
                warn(entry.position, "\"\(title)\" is also the title of \(other) in the same section; give each entry its own title")
            }
        }
        return problems
    }

    private static func schema(of page: Page, suggestsKeys: Bool) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let matter = page.frontMatter
        func report(_ entry: FrontEntry?, _ message: String, _ severity: Diagnostic.Severity = .error) {
            problems.append(Diagnostic(severity, page.sourcePath, line: entry?.line ?? 1, column: entry?.column ?? 1, category: "schema", message))
        }
        if page.layout == "entry", matter.isPresent, matter.title == nil, page.body.title == nil {
            report(nil, "this entry has no `title` in its front matter and no `# Title` line, so it is titled \"\(page.title)\" after its file name; add `title: \"…\"` to name it yourself", .warning)
        }
        for entry in matter.entries {
            switch entry.key {
            case "keyboard", "mobile", "screenreader", "settings":
                guard case .map(let rows) = entry.value else {
                    if case .null = entry.value { continue }
                    report(entry, "`\(entry.key)` must be a map from what to try to what should happen, e.g. `\(entry.key):` then `  tab: Focus moves to the picker`; it is \(entry.value.kindName), shown as written", .warning)
                    continue
                }
                for row in rows where row.value.text == nil {
                    if case .null = row.value {
                        report(FrontEntry(key: row.key, value: row.value, line: row.line, column: row.column), "`\(entry.key)` → `\(row.key)` has no expected result; write what should happen after it", .warning)
                    } else {
                        report(FrontEntry(key: row.key, value: row.value, line: row.line, column: row.column), "`\(entry.key)` → `\(row.key)` must be text (use `|` for several lines), not \(row.value.kindName); it is shown as written", .warning)
                    }
                }
            case let key where key.hasPrefix("gherkin-"):
                guard case .list(let steps) = entry.value else {
                    report(entry, "`\(key)` must be a list of steps, each a map with `when`, `then` and optionally `result`; it is shown as written", .warning)
                    continue
                }
                for step in steps {
                    guard case .map(let fields) = step else {
                        report(entry, "each step of `\(key)` must be a map with `when`, `then` and optionally `result`, not \(step.kindName)", .warning)
                        continue
                    }
                    for field in fields where !["when", "then", "result"].contains(field.key) {
                        report(FrontEntry(key: field.key, value: field.value, line: field.line, column: field.column),
                               "`\(field.key)` is not a step field; use `when`, `then` or `result`.\(Suggestion.didYouMean(field.key, in: ["when", "then", "result"]))")
                    }
                    if fields["when"] == nil || fields["then"] == nil {
                        report(entry, "each step of `\(key)` needs both `when` and `then`")
                    }
                }
            default:
                if suggestsKeys, !Self.knownKeys.contains(entry.key),
                   let suggestion = Suggestion.closest(to: entry.key, in: Self.knownKeys) {
                    report(entry, "unknown key `\(entry.key)`; did you mean `\(suggestion)`?", .warning)
                }
            }
        }
        return problems
    }
}
