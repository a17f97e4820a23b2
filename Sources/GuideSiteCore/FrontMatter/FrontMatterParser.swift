import Foundation

/// Reads a front matter block (YAML, or Hugo's TOML or JSON) into a `FrontMatter`: the typed
/// fields GuideSite understands and every key in the author's order, each problem reported with
/// its line in the source file.
public struct FrontMatterParser: Sendable {
    /// Creates a parser.
    public init() {}

    /// Parses `text`, written in `format`, whose first line is line `firstLine` of the file at
    /// `path` (nil: the page has no front matter), with `defaults` for the keys it does not set.
    public func parse(_ text: String?, format: FrontMatterFormat = .yaml, firstLine: Int, path: String,
                      defaults: [FrontEntry] = []) -> Diagnosed<FrontMatter> {
        var matter = FrontMatter()
        matter.isPresent = text != nil
        let read: Diagnosed<FrontValue> = switch format {
        case _ where text == nil: Diagnosed(defaults.isEmpty ? .null : .map([]))
        case .yaml: YAMLReader().read(text!, firstLine: firstLine, path: path)
        case .toml: HugoFrontMatter.readTOML(text!, firstLine: firstLine, path: path)
        case .json: HugoFrontMatter.readJSON(text!, firstLine: firstLine, path: path)
        }
        var diagnostics = read.diagnostics
        switch read.value {
        case .null where defaults.isEmpty:
            break
        case .null, .map:
            var entries: [FrontEntry] = if case .map(let own) = read.value { own } else { [] }
            // A default is written elsewhere: its problems point at the page's first line.
            entries += defaults.filter { entries[$0.key] == nil }.map { FrontEntry(key: $0.key, value: $0.value, line: firstLine, column: 1) }
            matter.entries = entries
            var fields = TypedFields(path: path)
            for entry in entries { fields.read(entry, into: &matter) }
            fields.categoriesOtherwise(from: entries, into: &matter)
            fields.criteriaOtherwise(from: entries, into: &matter)
            fields.datesAndAuthors(from: entries, into: &matter)
            fields.heroOtherwise(from: entries, into: &matter)
            diagnostics += fields.diagnostics
        case let other:
            diagnostics.append(Diagnostic(
                .error, path, line: firstLine, column: 1, category: "front-matter",
                "front matter must be a map of `key: value` lines, but it is \(other.kindName);"
                    + " write for example `title: \"Wheel Picker\"`"
            ))
        }
        return Diagnosed(matter, diagnostics)
    }
}

/// Checks and copies the typed fields out of the front matter's entries.
/// The fields, key by key; `FrontMatterParser+Conventions` adds what other generators write.
struct TypedFields {
    let path: String
    var diagnostics: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    /// A value of a shape GuideSite does not read: a warning (an error only with `--strict`),
    /// and the key is kept for the page to show as written.
    mutating func report(_ entry: FrontEntry, _ message: String, into matter: inout FrontMatter) {
        diagnostics.append(Diagnostic(.warning, path, line: entry.line, column: entry.column, category: "front-matter",
                                      message + "; the value is shown on the page as written"))
        if !matter.unreadKeys.contains(entry.key) { matter.unreadKeys.append(entry.key) }
    }

    mutating func read(_ entry: FrontEntry, into matter: inout FrontMatter) {
        switch entry.key {
        case "layout":
            // Eleventy's `layout: false` (no layout): the page keeps the layout its place gives
            // it, as every page is wrapped in the theme that makes it accessible.
            if case .bool = entry.value { return }
            matter.layout = text(entry, example: "layout: entry", into: &matter)
            // A template of the library's own (`layouts/post.njk`, `post.html`): the theme's
            // layout for the page's place instead, as the library's templates are not carried over.
            if let layout = matter.layout, layout.contains("/") || [".njk", ".liquid", ".html", ".hbs", ".md", ".11ty.js", ".webc"].contains(where: layout.hasSuffix) {
                matter.layout = nil
            }
        case "title":
            matter.title = text(entry, example: "title: \"Wheel Picker\"", into: &matter)
        case "description":
            matter.description = text(entry, example: "description: \"One sentence.\"", into: &matter)
        case "permalink":
            // (`permalink: false`: Eleventy writes no page; `PageReader` makes none.)
            if entry.value == .bool(false) { return }
            matter.permalink = text(entry, example: "permalink: /native/picker/", into: &matter)
        case "categories":
            matter.categories = categories(entry, into: &matter)
        case "order":
            if case .null = entry.value { return }
            if let text = entry.value.text, let number = Double(text.trimmingSpaces()), number.isFinite {
                matter.order = number
            } else {
                report(entry, "`order` must be a number such as `order: 10`, but it is \(describe(entry.value))", into: &matter)
            }
        case "sidebar_position", "nav_order", "weight", "sidebar":
            // Docusaurus's, Jekyll's Just the Docs', Hugo's and Starlight's (`sidebar: {order: 2}`)
            // names for it: the order of the section's lists, where `order:` says nothing.
            let value = if case .map(let settings) = entry.value { settings["order"]?.value } else { entry.value }
            if matter.order == nil, let number = value?.text.flatMap({ Double($0.trimmingSpaces()) }), number.isFinite {
                matter.order = number
            }
        case "draft":
            switch entry.value {
            case .bool(let flag): matter.draft = flag
            case .null: matter.draft = false
            default: report(entry, "`draft` must be `true` or `false`, but it is \(describe(entry.value))", into: &matter)
            }
        case "wcag":
            criteria(entry, into: &matter)
        case "aliases":
            let items: [String]
            switch entry.value {
            case .null: items = []
            // A design system's comma-separated search words, not Hugo's old addresses.
            case .text(let text): items = text.contains(",") ? text.split(separator: ",").map { $0.trimmingWhitespace() } : [text.trimmingWhitespace()]
            case .list(let values) where values.allSatisfy({ $0.text != nil }): items = values.compactMap { $0.text?.trimmingWhitespace() }
            default:
                report(entry, "`aliases` must be a list of old paths such as `[/web/old-button/]`, but it is \(entry.value.kindName)", into: &matter)
                return
            }
            // Paths stay aliases; an item with spaces, or a word of a comma-separated string, is
            // a search word (a lone word is still Hugo's alias relative to the page's folder).
            let separated = entry.value.text != nil && items.count > 1
            let words = items.filter { item in item.contains(where: \.isWhitespace) || (separated && !item.contains("/")) }
            matter.aliases = items.filter { !$0.isEmpty && !words.contains($0) }
            if !words.isEmpty {
                matter.keywords += words.filter { !$0.isEmpty }
                diagnostics.append(Diagnostic(
                    .warning, path, line: entry.line, column: entry.column, category: "front-matter",
                    "`aliases` holds words, not old addresses (\(words.prefix(3).map { "`\($0)`" }.joined(separator: ", "))): no redirect page is written for them, and the search finds the page by them; Hugo's aliases are paths such as `[/web/old-button/]`, and search words go under `keywords:`"
                ))
            }
        case "support":
            diagnostics += SupportResults.read(entry.value, entry: entry, path: path).diagnostics
        case "keywords":
            switch entry.value {
            case .text(let text): matter.keywords += text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            case .list(let values) where values.allSatisfy({ $0.text != nil }): matter.keywords += values.compactMap { $0.text?.trimmingWhitespace() }
            default: break
            }
        default:
            break
        }
    }

    private mutating func text(_ entry: FrontEntry, example: String, into matter: inout FrontMatter) -> String? {
        switch entry.value {
        case .text(let text):
            let trimmed = text.trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        case .bool(let flag):
            return flag ? "true" : "false"
        case .null:
            return nil
        case .list, .map:
            report(entry, "`\(entry.key)` must be text, but it is \(entry.value.kindName); write it on one line, e.g. `\(example)`"
                + " (quote text that contains `: ` or starts with `[`)", into: &matter)
            return nil
        }
    }

    private mutating func categories(_ entry: FrontEntry, into matter: inout FrontMatter) -> [String] {
        var names: [String] = []
        switch entry.value {
        case .text(let text):
            names = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        case .list(let items):
            for item in items {
                if let text = item.text {
                    names.append(Self.oneSpaced(text))
                } else {
                    report(entry, "every category must be a word or phrase, but one is \(item.kindName)", into: &matter)
                }
            }
        case .null:
            break
        case .bool, .map:
            report(entry, "`categories` must be a list (`[controls, pickers]`) or words separated by spaces or commas, but it is \(entry.value.kindName)", into: &matter)
        }
        var seen = Set<String>()
        return names.filter { !$0.isEmpty && seen.insert(Slug.make($0)).inserted }
    }

    /// `wcag`: criterion numbers or names, maps with `sc:`, or checks grouped by principle.
    private mutating func criteria(_ entry: FrontEntry, into matter: inout FrontMatter) {
        let shapes = "a list of criteria (`[1.4.3, 2.4.7]`), maps with `sc:`, or groups (`- name: Operable` with a `list:` of `- criteria: text`)"
        func reference(_ item: FrontValue) -> String? {
            switch item {
            case .text(let text): return text.trimmingSpaces()
            case .map(let entries): return (entries["sc"] ?? entries["criterion"])?.value.text
            default: return nil
            }
        }
        switch entry.value {
        case .null:
            return
        case .list(let items):
            for item in items {
                if let group = CriteriaGroupReader.group(item, entry: entry) {
                    matter.criteriaGroups.append(group)
                } else if let text = reference(item) {
                    matter.wcag.append(text)
                } else {
                    report(entry, "a `wcag` item is \(item.kindName) of a shape GuideSite does not read; it reads \(shapes)", into: &matter)
                }
            }
        default:
            if let text = reference(entry.value) {
                matter.wcag.append(text)
            } else {
                report(entry, "`wcag` is \(entry.value.kindName) of a shape GuideSite does not read; it reads \(shapes)", into: &matter)
            }
        }
    }

    private func describe(_ value: FrontValue) -> String {
        if let text = value.text { return "`\(text)`" }
        return value.kindName
    }
}

/// Reads one principle group of `wcag`: a map with `list:` (and usually `name:`).
enum CriteriaGroupReader {
    /// The keys a check's text may be under, in the order looked for.
    static let textKeys = ["criteria", "criterion", "check", "text", "name"]

    static func group(_ item: FrontValue, entry: FrontEntry) -> CriteriaGroup? {
        guard case .map(let fields) = item, let list = fields["list"] else { return nil }
        let name = fields["name"]?.value.text?.trimmingWhitespace() ?? ""
        var checks: [CriteriaCheck] = []
        let items: [FrontValue] = if case .list(let values) = list.value { values } else { [list.value] }
        for value in items {
            switch value {
            case .text(let text):
                checks.append(CriteriaCheck(text: text.trimmingWhitespace(), line: list.line, column: list.column))
            case .map(let keys):
                guard let field = textKeys.lazy.compactMap({ keys[$0] }).first ?? keys.first else { continue }
                let text = field.value.text ?? field.key
                checks.append(CriteriaCheck(text: text.trimmingWhitespace(), line: field.line, column: field.column))
            default:
                continue
            }
        }
        return CriteriaGroup(name: name.isEmpty ? "Criteria" : name, checks: checks.filter { !$0.text.isEmpty })
    }
}
