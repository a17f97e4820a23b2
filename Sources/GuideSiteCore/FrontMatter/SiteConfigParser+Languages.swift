/// `languages:`, the languages of a multilingual site.
extension SiteConfigParser {
    static let languageKeys = ["code", "name", "direction", "title", "description", "footer", "sections", "categories"]
    static let languageExample = "`languages: [{code: en, name: English}, {code: fr, name: Français}, {code: ar, name: العربية, direction: rtl}]`"

    /// A list of maps (`- code: fr`), or Hugo's map from code to settings (`fr: {name: Français}`).
    func languages(_ entry: FrontEntry, into config: inout SiteConfig, report: (FrontEntry, Diagnostic.Severity, String) -> Void) {
        var items: [(code: String?, settings: [FrontEntry], at: FrontEntry)] = []
        switch entry.value {
        case .null: return
        case .list(let values):
            for value in values {
                guard case .map(let settings) = value else {
                    report(entry, .error, "each language must be a map such as `{code: fr, name: Français}`; e.g. \(Self.languageExample)")
                    return
                }
                items.append((nil, settings, settings.first ?? entry))
            }
        case .map(let byCode):
            for item in byCode {
                if case .map(let settings) = item.value { items.append((item.key, settings, item)) } else if let name = item.value.text {
                    items.append((item.key, [FrontEntry(key: "name", value: .text(name), line: item.line, column: item.column)], item))
                } else {
                    report(item, .error, "language `\(item.key)` must be a name or a map such as `{name: Français}`")
                }
            }
        default:
            report(entry, .error, "`languages` must be a list of languages, the default first, e.g. \(Self.languageExample)")
            return
        }
        var languages: [Language] = []
        for item in items {
            var values: [String: FrontEntry] = [:]
            for setting in item.settings {
                guard Self.languageKeys.contains(setting.key) else {
                    report(setting, .warning, "unknown language setting `\(setting.key)` is ignored.\(Suggestion.didYouMean(setting.key, in: Self.languageKeys))")
                    continue
                }
                values[setting.key] = setting
            }
            guard let code = item.code ?? values["code"]?.value.text?.trimmingWhitespace(), !code.isEmpty else {
                report(item.at, .error, "a language needs its `code`, e.g. `{code: fr, name: Français}`")
                continue
            }
            guard Self.isLanguageTag(code) else {
                report(values["code"] ?? item.at, .error, "`\(code)` is not a language tag; use one such as `fr`, `pt-BR` or `zh-Hant`")
                continue
            }
            guard !languages.contains(where: { $0.code.lowercased() == code.lowercased() }) else {
                report(values["code"] ?? item.at, .error, "language `\(code)` is listed twice; keep one")
                continue
            }
            var language = Language(code: code, name: values["name"]?.value.text?.trimmingWhitespace() ?? code)
            if values["name"] == nil { report(item.at, .warning, "language `\(code)` has no `name`; the switcher shows `\(code)`: add its name in itself, such as `name: Français`") }
            if let direction = values["direction"] {
                if let value = direction.value.text.flatMap({ Language.Direction(rawValue: $0.lowercased()) }) { language.direction = value } else {
                    report(direction, .error, "`direction` is `ltr` or `rtl`")
                }
            } else if Language.rightToLeft.contains(language.primary) {
                language.direction = .rtl
            }
            language.title = values["title"]?.value.text?.trimmingWhitespace()
            language.description = values["description"]?.value.text?.trimmingWhitespace()
            language.footer = values["footer"]?.value.text?.trimmingWhitespace()
            for key in ["sections", "categories"] {
                guard let setting = values[key] else { continue }
                guard case .map(let titles) = setting.value else {
                    report(setting, .error, "`\(key)` of a language maps each \(key == "sections" ? "folder" : "category") to its title in the language, e.g. `\(key): {\(key == "sections" ? "native" : "forms"): …}`")
                    continue
                }
                for item in titles {
                    let value = Self.titleAndDescription(of: item.value)
                    if key == "sections" { language.sections[item.key] = value } else { language.categories[Slug.make(item.key)] = value }
                }
            }
            languages.append(language)
        }
        config.languages = languages
        if let first = languages.first { config.language = first.code }
    }

    /// A title, or the `title` and `description` of a map such as the top-level `sections:` entries.
    static func titleAndDescription(of value: FrontValue) -> Language.Texts {
        if case .map(let settings) = value {
            return Language.Texts(title: settings.first { $0.key == "title" }?.value.text,
                                  description: settings.first { $0.key == "description" }?.value.text)
        }
        return Language.Texts(title: value.text)
    }

    static func isLanguageTag(_ value: String) -> Bool {
        value.range(of: #"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"#, options: .regularExpression) != nil
    }
}
