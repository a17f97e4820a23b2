import Foundation

/// Every text the theme writes, in one language: `strings/<code>.yml` of the built-in theme,
/// under the site's `Templates/strings/<code>.yml`, over English for any key neither has.
/// Layouts read them as `{{strings.KEY}}`, the scripts through `GuideSite.text` (`scripts/text.js`)
/// (keys starting `js-`, written by `Theme+Strings.swift`), and the build through `self[KEY]` and `format`.
public struct ThemeStrings: Sendable, Hashable, Encodable {
    /// The language tag they are for.
    public var language: String
    /// Text by key.
    public var values: [String: String]

    /// The text of `key`; the key itself when even English lacks it (a theme's own mistake).
    public subscript(_ key: String) -> String { values[key] ?? key }

    /// `key`'s text with each `{name}` replaced by its value.
    public func format(_ key: String, _ arguments: [String: String]) -> String {
        arguments.reduce(self[key]) { $0.replacingBytes("{" + $1.key + "}", with: $1.value) }
    }

    /// "No pages", "1 page", "3 pages": `count-NOUN-none`, `-one` and `-other`.
    public func count(_ number: Int, _ noun: String) -> String {
        format("count-\(noun)-" + (number == 0 ? "none" : number == 1 ? "one" : "other"), ["count": String(number)])
    }

    /// A day as `date` writes it, with `months` named: the same on every machine.
    public func date(_ date: CommitDate) -> String {
        let day = date.day
        let months = self["months"].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return format("date", ["day": String(day.day), "month": months.indices.contains(day.month - 1) ? months[day.month - 1] : String(day.month),
                               "monthNumber": String(day.month), "year": String(day.year)])
    }

    /// The built-in English strings, for what is made without a theme at hand.
    public static let english = ThemeStrings(language: "en", values: read(DefaultTheme.file("strings/en.yml") ?? Data(), path: "strings/en.yml").value)

    /// The strings of each of `languages`, with a warning for each key a language lacks.
    /// `files` and `origins` are the theme's (`Theme`): a site's file says where it came from.
    static func load(files: [String: Data], origins: [String: String], languages: [String]) -> Diagnosed<[String: ThemeStrings]> {
        var diagnostics: [Diagnostic] = []
        func layers(_ code: String) -> (values: [String: String], origin: String)? {
            let path = "strings/\(code).yml"
            var values: [String: String]?
            if let data = DefaultTheme.file(path) { values = read(data, path: path).value }
            if let origin = origins[path], !origin.hasPrefix("(built-in theme)"), let data = files[path] {
                let own = read(data, path: origin)
                diagnostics += own.diagnostics
                values = (values ?? [:]).merging(own.value) { _, site in site }
            }
            return values.map { ($0, origins[path] ?? path) }
        }
        let englishLayers = layers("en")
        let english = englishLayers?.values ?? [:]
        var result: [String: ThemeStrings] = [:]
        for code in languages {
            // `pt-BR` reads `pt-BR.yml`, else `pt.yml`; English is read already.
            let primary = String(code.split(separator: "-").first ?? Substring(code))
            let layered = { (code: String) in code == "en" ? englishLayers : layers(code) }
            guard let own = layered(code) ?? layered(primary.lowercased()) else {
                if primary.lowercased() != "en" {
                    diagnostics.append(Diagnostic(.warning, "Templates/strings/\(code).yml", category: "strings",
                        "the theme has no strings for `\(code)`, so its text is in English; add Templates/strings/\(code).yml with the keys of the built-in strings/en.yml"))
                }
                result[code] = ThemeStrings(language: code, values: english)
                continue
            }
            // One warning per language, naming every key it lacks.
            let missing = english.keys.filter { own.values[$0] == nil }.sorted()
            if missing.count == 1, let key = missing.first {
                diagnostics.append(Diagnostic(.warning, own.origin, line: 1, column: 1, category: "strings",
                    "string `\(key)` is missing for `\(code)`, so English is shown (“\(english[key] ?? "")”); add `\(key): …` to Templates/strings/\(code).yml"))
            } else if !missing.isEmpty {
                diagnostics.append(Diagnostic(.warning, own.origin, line: 1, column: 1, category: "strings",
                    "\(missing.count) strings are missing for `\(code)`, so English is shown for them: \(missing.map { "`\($0)`" }.joined(separator: ", ")); add them to Templates/strings/\(code).yml (the built-in strings/en.yml has every key)"))
            }
            result[code] = ThemeStrings(language: code, values: english.merging(own.values) { _, translated in translated })
        }
        return Diagnosed(result, diagnostics)
    }

    /// A strings file: a flat map of texts.
    static func read(_ data: Data, path: String) -> Diagnosed<[String: String]> {
        let read = YAMLReader().read(String(decoding: data, as: UTF8.self), firstLine: 1, path: path)
        var diagnostics = read.diagnostics
        var values: [String: String] = [:]
        guard case .map(let entries) = read.value else {
            diagnostics.append(Diagnostic(.error, path, line: 1, column: 1, category: "strings", "a strings file is a map of `key: text` lines"))
            return Diagnosed(values, diagnostics)
        }
        for entry in entries {
            if let text = entry.value.text { values[entry.key] = text } else {
                diagnostics.append(Diagnostic(.error, path, line: entry.line, column: entry.column, category: "strings",
                                              "`\(entry.key)` must be text; quote it if it holds `:` or starts with a symbol"))
            }
        }
        return Diagnosed(values, diagnostics)
    }
}
