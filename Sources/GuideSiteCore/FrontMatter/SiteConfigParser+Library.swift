/// The settings that fit GuideSite to a library written for another generator.
extension SiteConfigParser {
    /// `acceptance-headings: {checklist: [Condensed, How to test], gherkin: [Gherkin]}`.
    func acceptanceHeadings(_ entry: FrontEntry, report: (FrontEntry, Diagnostic.Severity, String) -> Void) -> [String: AcceptanceSection.Kind]? {
        let example = "`acceptance-headings: {checklist: [Condensed, How to test], gherkin: [Gherkin]}`"
        guard case .map(let kinds) = entry.value else {
            if case .null = entry.value { return [:] }
            report(entry, .error, "`acceptance-headings` must be a map from `checklist` and `gherkin` to lists of headings, e.g. \(example)")
            return nil
        }
        var headings: [String: AcceptanceSection.Kind] = [:]
        for item in kinds {
            guard let kind = AcceptanceSection.Kind(rawValue: item.key) else {
                report(item, .error, "`\(item.key)` is not a kind of acceptance block; use `checklist` or `gherkin`, e.g. \(example)")
                continue
            }
            let names: [String]
            switch item.value {
            case .text(let text): names = [text]
            case .list(let values) where values.allSatisfy({ $0.text != nil }): names = values.compactMap(\.text)
            case .null: names = []
            default:
                report(item, .error, "`acceptance-headings` → `\(item.key)` must be a list of headings such as `[Condensed]`")
                continue
            }
            for name in names where !name.trimmingWhitespace().isEmpty { headings[name.trimmingWhitespace()] = kind }
        }
        return headings
    }

    /// Jekyll's `defaults: [{scope: {path: docs, type: pages}, values: {layout: entry}}]`.
    func frontMatterDefaults(_ entry: FrontEntry, report: (FrontEntry, Diagnostic.Severity, String) -> Void) -> [FrontMatterDefault] {
        let example = "`defaults: [{scope: {path: components}, values: {layout: entry}}]`"
        guard case .list(let items) = entry.value else {
            if case .null = entry.value { return [] }
            report(entry, .error, "`defaults` must be a list of scopes and values, e.g. \(example)")
            return []
        }
        var result: [FrontMatterDefault] = []
        for item in items {
            guard case .map(let settings) = item, case .map(let values)? = settings["values"]?.value else {
                report(entry, .error, "each item of `defaults` needs `values:`, a map of front matter keys, e.g. \(example)")
                continue
            }
            var scope = FrontMatterDefault(path: "", values: values.map {
                // Shown, if a value is wrong, where the key was written here.
                FrontEntry(key: $0.key, value: $0.value, line: $0.line, column: $0.column)
            })
            if case .map(let scopeSettings)? = settings["scope"]?.value {
                scope.path = scopeSettings["path"]?.value.text?.trimmingWhitespace() ?? ""
                scope.type = scopeSettings["type"]?.value.text?.trimmingWhitespace()
            }
            result.append(scope)
        }
        return result
    }

    /// `permalinks: {web: /web-criteria/:sections[1:]/:slug/}`, each pattern checked once here.
    func permalinks(_ entry: FrontEntry, report: (FrontEntry, Diagnostic.Severity, String) -> Void) -> [String: String] {
        guard case .map(let items) = entry.value else {
            if case .null = entry.value { return [:] }
            report(entry, .error, "`permalinks` must be a map from section folder to a URL pattern, e.g. `permalinks: {web: /web-criteria/:sections[1:]/:slug/}`")
            return [:]
        }
        var patterns: [String: String] = [:]
        for item in items {
            guard let pattern = item.value.text?.trimmingWhitespace(), !pattern.isEmpty else {
                report(item, .error, "the permalink of `\(item.key)` must be a URL pattern such as `/\(item.key)/:slug/`")
                continue
            }
            if let problem = PermalinkPattern.problem(in: pattern) {
                report(item, .error, "the permalink of `\(item.key)`: \(problem)")
                continue
            }
            patterns[item.key] = pattern
        }
        return patterns
    }
}

extension SiteConfigParser {
    /// `standards: [en-301-549, section-508]`: which standards beside WCAG the site names.
    func standards(_ entry: FrontEntry, into config: inout SiteConfig, report: (FrontEntry, Diagnostic.Severity, String) -> Void) {
        let known = Standard.allCases.map(\.rawValue)
        guard let names = stringList(entry.value) else {
            report(entry, .error, "`standards` must be a list such as `[en-301-549, section-508]`")
            return
        }
        config.standards = []
        for name in names {
            let key = name.trimmingWhitespace().lowercased()
            if let standard = Standard(rawValue: key) {
                if !config.standards.contains(standard) { config.standards.append(standard) }
            } else {
                report(entry, .error, "`\(name)` is not a standard GuideSite knows; use \(known.map { "`\($0)`" }.joined(separator: " or "))."
                       + Suggestion.didYouMean(key, in: known))
            }
        }
    }
}

extension SiteConfigParser {
    /// `sections: {native: {title, description, layout}}`, in site.yml's order.
    func sections(
        _ entry: FrontEntry, report: (FrontEntry, Diagnostic.Severity, String) -> Void
    ) -> [SiteConfig.Section] {
        guard case .map(let items) = entry.value else {
            if case .null = entry.value { return [] }
            report(entry, .error, "`sections` must be a map from folder name to settings, e.g. `sections: {native: {title: Native apps}}`")
            return []
        }
        var result: [SiteConfig.Section] = []
        for item in items {
            var section = SiteConfig.Section(name: item.key)
            switch item.value {
            case .null: break
            case .text(let title): section.title = title
            case .map(let settings):
                for setting in settings {
                    switch setting.key {
                    case "title": section.title = setting.value.text
                    case "description": section.description = setting.value.text
                    case "layout": section.layout = setting.value.text
                    default:
                        report(setting, .warning, "unknown section setting `\(setting.key)` is ignored.\(Suggestion.didYouMean(setting.key, in: ["title", "description", "layout"]))")
                    }
                }
            default:
                report(item, .error, "section `\(item.key)` must be a map such as `{title: Native apps, layout: entry}`")
            }
            result.append(section)
        }
        return result
    }
}
