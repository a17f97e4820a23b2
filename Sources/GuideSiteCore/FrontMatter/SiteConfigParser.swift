import Foundation

/// Reads `site.yml`, warning about unknown keys with a did-you-mean.
public struct SiteConfigParser: Sendable {
    static let knownKeys = ["title", "language", "description", "url", "base-url", "sections", "markdown", "footer", "categories", "platforms", "subsets", "markdown-extensions", "content", "includes", "acceptance-headings", "permalinks", "frameworks", "edit-url", "feedback-url", "git-dates", "standards", "languages", "default-language-in-folder", "defaults", "exclude", "data", "pagination", "support-stale-after"]

    /// Creates a parser.
    public init() {}

    /// Parses the text of `site.yml` shown as `path` (nil: the site has none) over the settings
    /// taken from the library's own configuration, which site.yml replaces key by key.
    public func parse(_ source: String?, path: String, library: LibraryConfig? = nil) -> Diagnosed<SiteConfig> {
        var config = SiteConfig()
        config.library = library
        let read = source.map { YAMLReader().read($0, firstLine: 1, path: path) } ?? Diagnosed(.null)
        var diagnostics = (library?.diagnostics ?? []) + read.diagnostics
        var frameworksEntry: FrontEntry?
        var languagesEntry: FrontEntry?
        // Each problem is shown in the file its key came from.
        var currentPath = path
        func problem(_ entry: FrontEntry, _ severity: Diagnostic.Severity, _ message: String) {
            diagnostics.append(Diagnostic(severity, currentPath, line: entry.line, column: entry.column, category: "site-config", message))
        }
        func text(_ entry: FrontEntry) -> String? {
            if case .null = entry.value { return nil }
            guard let value = entry.value.text else {
                problem(entry, .error, "`\(entry.key)` must be text, but it is \(entry.value.kindName)")
                return nil
            }
            return value.trimmingWhitespace()
        }
        let entries: [FrontEntry]
        switch read.value {
        case .null: entries = []
        case .map(let map): entries = map
        case let other:
            diagnostics.append(Diagnostic(.error, path, line: 1, column: 1, category: "site-config",
                                          "site.yml must be a map of `key: value` lines, but it is \(other.kindName)"))
            entries = []
        }
        let own = Set(entries.map(\.key))
        let taken = (library?.entries ?? []).filter { !own.contains($0.key) }
        // `markdown:` is a map of switches: site.yml's replace the library's one by one.
        var ownEntries = entries
        if case .map(let libraryMarkdown)? = library?.entries["markdown"]?.value, let index = ownEntries.firstIndex(where: { $0.key == "markdown" }),
           case .map(let siteMarkdown) = ownEntries[index].value {
            let set = Set(siteMarkdown.map(\.key))
            ownEntries[index].value = .map(siteMarkdown + libraryMarkdown.filter { !set.contains($0.key) })
        }
        config.entries = (library?.original ?? []).filter { !own.contains($0.key) } + ownEntries
        var basePath: String?
        for entry in taken + ownEntries {
            currentPath = own.contains(entry.key) ? path : library?.path ?? path
            switch entry.key {
            case "title": if let value = text(entry), !value.isEmpty { config.title = value }
            case "language":
                if let value = text(entry), languagesEntry == nil {
                    if Self.isLanguageTag(value) {
                        config.language = value
                    } else {
                        problem(entry, .error, "`language` must be a language tag such as `en` or `fr-CA`, not `\(value)`")
                    }
                }
            case "description": config.description = text(entry)
            case "footer": config.footer = text(entry)
            case "support-stale-after":
                if let months = entry.value.text.flatMap({ Int($0.trimmingWhitespace()) }), (1...1200).contains(months) {
                    config.supportStaleAfter = months
                } else {
                    problem(entry, .error, "`support-stale-after` is how many months a support result stays current, a whole number such as `12`")
                }
            case "git-dates":
                if case .bool(let flag) = entry.value { config.gitDates = flag } else { problem(entry, .error, "`git-dates` must be `true` or `false`") }
            case "languages":
                languages(entry, into: &config, report: problem)
                languagesEntry = entry
            case "default-language-in-folder":
                if case .bool(let flag) = entry.value { config.defaultLanguageInFolder = flag } else {
                    problem(entry, .error, "`default-language-in-folder` must be `true` or `false`")
                }
            case "standards":
                standards(entry, into: &config, report: problem)
            case "url":
                if let value = text(entry), !value.isEmpty {
                    if let url = URL(string: value), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil {
                        config.url = value.hasSuffix("/") ? value : value + "/"
                    } else {
                        problem(entry, .error, "`url` must be an absolute address such as `https://a11y.example.com/`, not `\(value)`")
                    }
                }
            case "base-url":
                if let value = text(entry) { basePath = value }
            case "markdown":
                markdownOptions(entry, into: &config, report: problem)
            case "pagination":
                pagination(entry, into: &config, report: problem)
            case "edit-url", "feedback-url":
                guard let value = text(entry), !value.isEmpty else { continue }
                if let url = URL(string: value), let scheme = url.scheme, ["http", "https", "mailto"].contains(scheme) {
                    if entry.key == "edit-url" { config.editURL = value } else { config.feedbackURL = value }
                } else {
                    problem(entry, .error, "`\(entry.key)` must be an absolute address such as `https://github.com/team/guide/"
                            + (entry.key == "edit-url" ? "edit/main/`" : "issues/new`") + ", not `\(value)`")
                }
            case "frameworks":
                if let frameworks = frameworks(entry, report: problem) { config.frameworks = frameworks; frameworksEntry = entry }
            case "sections":
                config.sections = sections(entry, report: problem)
            case "categories":
                config.categories = categories(entry, report: problem)
            case "platforms":
                let names = stringList(entry.value)
                if let names, !names.isEmpty { config.platforms = names } else {
                    problem(entry, .error, "`platforms` must be a list of names such as `[iOS, Android, Web]`")
                }
            case "subsets":
                config.subsets = subsets(entry, report: problem)
            case "content":
                if let value = text(entry), !value.isEmpty {
                    if value.hasPrefix("/") || value.split(separator: "/").contains("..") {
                        problem(entry, .error, "`content` must be a folder inside the site root, such as `.` or `docs`")
                    } else {
                        config.contentFolder = value
                    }
                }
            case "includes":
                if let value = text(entry), !value.isEmpty { config.includesFolder = value }
            case "markdown-extensions":
                if let names = stringList(entry.value), !names.isEmpty {
                    config.markdownExtensions = names.map { $0.trimming(". ").lowercased() }
                } else {
                    problem(entry, .error, "`markdown-extensions` must be a list such as `[md, markdown, txt]`")
                }
            case "acceptance-headings":
                if let headings = acceptanceHeadings(entry, report: problem) { config.acceptanceHeadings = headings }
            case "permalinks":
                config.permalinks = permalinks(entry, report: problem)
            case "defaults":
                config.frontMatterDefaults = frontMatterDefaults(entry, report: problem)
            case "exclude":
                if let names = stringList(entry.value) { config.exclude = names } else {
                    problem(entry, .error, "`exclude` must be a list of paths from the content folder, such as `[README.md, drafts/]`")
                }
            case "data":
                if let value = text(entry), !value.isEmpty { config.dataFolder = value }
            default:
                problem(entry, .warning, "unknown key `\(entry.key)` is ignored.\(Suggestion.didYouMean(entry.key, in: Self.knownKeys))")
            }
        }
        currentPath = path
        config.configurationReport = library?.report(replaced: own) ?? []
        if let frameworksEntry { checkPlatforms(of: config.frameworks, in: config.platforms, entry: frameworksEntry, report: problem) }
        config.basePath = BasePath.normalize(basePath ?? config.url.flatMap { URL(string: $0)?.path } ?? "/")
        return Diagnosed(config, diagnostics)
    }

    /// A list of names, or one name.
    func stringList(_ value: FrontValue) -> [String]? {
        switch value {
        case .text(let text): return [text]
        case .list(let items):
            let names = items.compactMap(\.text)
            return names.count == items.count ? names : nil
        case .null: return []
        default: return nil
        }
    }

    /// `subsets: {ios: {title, sections, categories, entries, exclude, platforms, levels}}`.
    private func subsets(_ entry: FrontEntry, report: (FrontEntry, Diagnostic.Severity, String) -> Void) -> [Subset] {
        guard case .map(let items) = entry.value else {
            if case .null = entry.value { return [] }
            report(entry, .error, "`subsets` must be a map from subset name to its selectors, e.g. `subsets: {ios: {sections: [native]}}`")
            return []
        }
        let keys = ["title", "sections", "categories", "entries", "exclude", "platforms", "levels", "noindex"]
        var result: [Subset] = []
        for item in items {
            var subset = Subset(name: item.key)
            subset.line = item.line
            guard item.key.range(of: #"^[A-Za-z0-9][A-Za-z0-9_-]*$"#, options: .regularExpression) != nil else {
                report(item, .error, "subset name `\(item.key)` must be letters, digits, `-` and `_`, as it names a folder")
                continue
            }
            guard case .map(let settings) = item.value else {
                if case .null = item.value { result.append(subset); continue }
                report(item, .error, "subset `\(item.key)` must be a map of selectors such as `{sections: [native], platforms: [iOS]}`")
                continue
            }
            for setting in settings {
                if setting.key == "title" {
                    subset.title = setting.value.text
                    continue
                }
                if setting.key == "noindex" {
                    if case .bool(let flag) = setting.value { subset.noindex = flag } else {
                        report(setting, .error, "`noindex` must be `true` or `false`")
                    }
                    continue
                }
                guard keys.contains(setting.key) else {
                    report(setting, .warning, "unknown subset setting `\(setting.key)` is ignored.\(Suggestion.didYouMean(setting.key, in: keys))")
                    continue
                }
                guard let names = stringList(setting.value) else {
                    report(setting, .error, "`\(setting.key)` must be a list of names")
                    continue
                }
                switch setting.key {
                case "sections": subset.sections = names
                case "categories": subset.categories = names
                case "entries": subset.entries = names
                case "exclude": subset.exclude = names
                case "platforms": subset.platforms = names
                default:
                    let levels = names.map { $0.uppercased() }
                    if let bad = levels.first(where: { !["A", "AA", "AAA"].contains($0) }) {
                        report(setting, .error, "`levels` holds A, AA or AAA, not `\(bad)`")
                    }
                    subset.levels = levels
                }
            }
            result.append(subset)
        }
        return result
    }

    /// `categories: [forms, navigation]`, or a map from slug to a title or `{title, description}`.
    private func categories(
        _ entry: FrontEntry, report: (FrontEntry, Diagnostic.Severity, String) -> Void
    ) -> [SiteConfig.Category] {
        var result: [SiteConfig.Category] = []
        switch entry.value {
        case .null:
            break
        case .list(let items):
            for item in items {
                guard let name = item.text else {
                    report(entry, .error, "each item of `categories` must be a name; use a map for titles: `categories: {forms: {title: Form controls}}`")
                    continue
                }
                result.append(SiteConfig.Category(slug: Slug.make(name), title: ReadableName.from(name)))
            }
        case .map(let items):
            for item in items {
                var category = SiteConfig.Category(slug: Slug.make(item.key), title: ReadableName.from(item.key))
                switch item.value {
                case .null: break
                case .text(let title): category.title = title
                case .map(let settings):
                    for setting in settings {
                        switch setting.key {
                        case "title": category.title = setting.value.text ?? category.title
                        case "description": category.description = setting.value.text
                        default:
                            report(setting, .warning, "unknown category setting `\(setting.key)` is ignored.\(Suggestion.didYouMean(setting.key, in: ["title", "description"]))")
                        }
                    }
                default:
                    report(item, .error, "category `\(item.key)` must be a title or a map such as `{title: Form controls}`")
                }
                result.append(category)
            }
        default:
            report(entry, .error, "`categories` must be a list of names or a map from name to title")
        }
        return result
    }
}

/// The URL path prefix every internal link starts with.
public enum BasePath {
    /// `guide`, `/guide`, `https://x.org/guide` all become `/guide/`; empty becomes `/`.
    public static func normalize(_ value: String) -> String {
        var path = value.trimmingSpaces()
        if let url = URL(string: path), url.scheme != nil { path = url.path }
        let parts = path.split(separator: "/").filter { !$0.isEmpty && $0 != "." && $0 != ".." }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }
}
