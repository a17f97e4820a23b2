import Foundation

/// Jekyll's and Hugo's settings as site.yml's keys, following each generator's documentation.
extension LibraryConfig {
    /// `_config.yml`: title, description, url and baseurl, lang, source, includes_dir, data_dir,
    /// collections (sections, their permalinks, `output: false` ones left out), defaults,
    /// exclude.
    static func jekyll(_ map: [FrontEntry], path: String) -> LibraryConfig {
        var config = LibraryConfig(generator: .jekyll, path: path, original: map)
        config.underscoreIsPrivate = true
        // An HTML file with front matter is a page Jekyll builds; one without, a file it copies.
        (config.templatePages, config.templatesNeedFrontMatter) = (["html"], true)
        // Jekyll's source is the folder of _config.yml unless `source:` says otherwise, and
        // kramdown keeps the HTML written in Markdown.
        config.entries.append(FrontEntry(key: "content", value: .text(text(map["source"]) ?? "."), line: map["source"]?.line ?? 1, column: 1))
        config.entries.append(rawHTMLKept)
        for entry in map {
            switch entry.key {
            case "title", "description": if let value = text(entry) { config.set(entry.key, .text(value), from: entry) }
            case "url":
                guard let value = text(entry) else { continue }
                let base = text(map["baseurl"]).map { "/" + $0.trimming("/") } ?? ""
                config.set("url", .text(value.trimming("/") + base + "/"), from: entry, note: map["baseurl"] == nil ? "url" : "url and baseurl")
            case "baseurl":
                if map["url"] == nil, let value = text(entry) { config.set("base-url", .text(value), from: entry, note: "baseurl") }
            case "lang", "locale":
                guard let value = text(entry), entry.key == "lang" || map["lang"] == nil else { continue }
                config.set("language", .text(value.replacingOccurrences(of: "_", with: "-")), from: entry, note: entry.key)
            case "source": config.set("content", .text(text(entry) ?? "."), from: entry, note: "source")
            case "includes_dir": if let value = text(entry) { config.set("includes", .text(value.trimming("./")), from: entry, note: "includes_dir") }
            case "data_dir": if let value = text(entry) { config.set("data", .text(value.trimming("./")), from: entry, note: "data_dir") }
            case "collections": config.jekyllCollections(entry, permalink: text(map["permalink"]))
            case "defaults":
                if case .list(let items) = entry.value {
                    config.set("defaults", entry.value, from: entry, note: "\(items.count) front matter default\(items.count == 1 ? "" : "s")")
                }
            case "exclude":
                // Added to the collections without output, whichever comes first.
                let earlier: [FrontValue] = if case .list(let names)? = config.entries["exclude"]?.value { names } else { [] }
                let value: FrontValue = if case .list(let names) = entry.value { .list(names + earlier) } else { entry.value }
                config.set("exclude", value, from: entry)
            case "include":
                // Files and folders named `_…` that Jekyll processes all the same.
                let names: [String] = if case .list(let items) = entry.value { items.compactMap(\.text) }
                    else { text(entry).map { [$0] } ?? [] }
                config.publishedPrivate = names.map { $0.trimming("/") }
            case "theme", "remote_theme": config.notTaken.append("`\(entry.key)` (GuideSite's theme is used; `Templates/` changes it)")
            case "plugins", "gems": config.notTaken.append("`\(entry.key)` (Ruby plugins do not run)")
            case "permalink":
                if let value = text(entry), value != "pretty" { config.notTaken.append("`permalink: \(value)` for posts (pages keep their paths)") }
            case "paginate": config.pagination(size: entry, path: map["paginate_path"])
            case "collections_dir": config.notTaken.append("`collections_dir` (collections are read where they are)")
            default: break
            }
        }
        return config
    }

    /// Jekyll's collections, a list of names or a map of settings: each one with output is a
    /// section `_name`, with its permalink; one without output is not published.
    private mutating func jekyllCollections(_ entry: FrontEntry, permalink: String?) {
        var sections: [FrontEntry] = [], permalinks: [FrontEntry] = [], excluded: [FrontValue] = []
        let items: [FrontEntry] = switch entry.value {
        case .map(let map): map
        case .list(let names): names.compactMap(\.text).map { FrontEntry(key: $0, value: .null, line: entry.line, column: entry.column) }
        default: []
        }
        for item in items {
            let settings: [FrontEntry] = if case .map(let map) = item.value { map } else { [] }
            if settings["output"]?.value == .bool(false) {
                excluded.append(.text("_" + item.key))
                continue
            }
            var values = [FrontEntry(key: "title", value: .text(ReadableName.from(item.key)), line: item.line, column: item.column)]
            if let sort = settings["sort_by"] { notTaken.append("`sort_by: \(sort.value.text ?? "")` of the collection `\(item.key)`") }
            if let layout = Self.text(settings["layout"]) { values.append(FrontEntry(key: "layout", value: .text(layout), line: item.line, column: 1)) }
            sections.append(FrontEntry(key: "_" + item.key, value: .map(values), line: item.line, column: item.column))
            if let pattern = Self.text(settings["permalink"]) ?? permalink.flatMap({ $0 == "pretty" ? nil : $0 }) {
                let written = Self.jekyllPermalink(pattern)
                if PermalinkPattern.problem(in: written) == nil {
                    permalinks.append(FrontEntry(key: "_" + item.key, value: .text(written), line: item.line, column: item.column))
                } else {
                    notTaken.append("`permalink: \(pattern)` of the collection `\(item.key)`")
                }
            }
        }
        guard !items.isEmpty else { return }
        set("sections", .map(sections), from: entry, note: "\(items.count) collection\(items.count == 1 ? "" : "s")")
        if !permalinks.isEmpty { set("permalinks", .map(permalinks), from: entry, note: "their permalinks") }
        if !excluded.isEmpty {
            let existing: [FrontValue] = if case .list(let names)? = entries["exclude"]?.value { names } else { [] }
            entries.removeAll { $0.key == "exclude" }
            entries.append(FrontEntry(key: "exclude", value: .list(existing + excluded), line: entry.line, column: entry.column))
        }
    }

    /// A Jekyll permalink in GuideSite's tokens: `:collection` is the section, `:name` and
    /// `:path`'s last part the file name, `:output_ext` nothing (addresses end in `/`).
    static func jekyllPermalink(_ pattern: String) -> String {
        var written = pattern.replacingOccurrences(of: ":output_ext", with: "")
            .replacingOccurrences(of: ":collection", with: ":section")
            .replacingOccurrences(of: ":path", with: ":sections[1:]/:filename")
            .replacingOccurrences(of: ":name", with: ":filename")
        if !written.hasSuffix("/") { written += "/" }
        return written
    }

    /// Hugo's configuration: title, baseURL, languageCode, contentDir, copyright, params'
    /// description, languages (by weight, the default first), defaultContentLanguageInSubdir,
    /// permalinks, and goldmark's `unsafe`. Hugo's keys are case-insensitive.
    static func hugo(_ map: [FrontEntry], path: String) -> LibraryConfig {
        var config = LibraryConfig(generator: .hugo, path: path, original: map)
        // Hugo's shortcodes are read as such (`ForeignMarkup`); it runs no Liquid over pages.
        config.evaluatesTemplates = false
        func key(_ name: String) -> FrontEntry? { map.first { $0.key.lowercased() == name.lowercased() } }
        config.entries.append(FrontEntry(key: "content", value: .text("content"), line: 1, column: 1))
        if let title = key("title"), let value = text(title) { config.set("title", .text(value), from: title) }
        if let base = key("baseURL"), let value = text(base), value != "/" {
            if value.hasPrefix("http://") || value.hasPrefix("https://") {
                config.set("url", .text(value), from: base, note: "baseURL")
            } else {
                config.set("base-url", .text(value), from: base, note: "baseURL")
            }
        }
        if let dir = key("contentDir"), let value = text(dir) { config.set("content", .text(value.trimming("./")), from: dir, note: "contentDir") }
        if let copyright = key("copyright"), let value = text(copyright) { config.set("footer", .text(value), from: copyright, note: "copyright") }
        let params: [FrontEntry] = if case .map(let entries)? = key("params")?.value { entries } else { [] }
        if let description = params.first(where: { $0.key.lowercased() == "description" }) ?? key("description"), let value = text(description) {
            config.set("description", .text(value), from: description)
        }
        if let languages = key("languages") {
            config.hugoLanguages(languages, defaultCode: text(key("defaultContentLanguage")) ?? "en")
        } else if let code = key("languageCode") ?? key("defaultContentLanguage"), let value = text(code) {
            config.set("language", .text(value), from: code, note: code.key)
        }
        if let inFolder = key("defaultContentLanguageInSubdir"), case .bool = inFolder.value {
            config.set("default-language-in-folder", inFolder.value, from: inFolder, note: "defaultContentLanguageInSubdir")
        }
        if let permalinks = key("permalinks"), case .map(var patterns) = permalinks.value {
            // Hugo 0.120's form keys patterns by page kind: the pages' ones are what GuideSite writes.
            if case .map(let pages)? = patterns.first(where: { $0.key == "page" })?.value { patterns = pages }
            let usable = patterns.filter { $0.value.text.map { PermalinkPattern.problem(in: $0) == nil } ?? false }
            for rejected in patterns where !usable.contains(rejected) {
                config.notTaken.append("the permalink of `\(rejected.key)` (`\(rejected.value.text ?? "")`: a token GuideSite does not know)")
            }
            if !usable.isEmpty { config.set("permalinks", .map(usable), from: permalinks) }
        }
        if case .map(let markup)? = key("markup")?.value, case .map(let goldmark)? = markup["goldmark"]?.value,
           case .map(let renderer)? = goldmark["renderer"]?.value, let unsafe = renderer["unsafe"], unsafe.value == .bool(true) {
            config.set("markdown", .map([FrontEntry(key: "unsafe-html", value: .bool(true), line: unsafe.line, column: unsafe.column)]),
                       from: unsafe, note: "goldmark's unsafe (raw HTML kept)")
        }
        // Hugo's paginator: `[pagination]`'s `pagerSize` and `path` (0.128), or the older
        // `paginate` and `paginatePath`.
        let pager: [FrontEntry] = if case .map(let entries)? = key("pagination")?.value { entries } else { [] }
        config.pagination(size: pager.first { $0.key.lowercased() == "pagersize" } ?? key("paginate"),
                          path: pager.first { $0.key.lowercased() == "path" } ?? key("paginatePath"))
        if key("theme") != nil { config.notTaken.append("`theme` (GuideSite's theme is used; `Templates/` changes it)") }
        return config
    }

    /// `pagination: {size, path}` from another generator's page size and folder of numbered
    /// pages (`/blog/page:num/` is `page`).
    private mutating func pagination(size: FrontEntry?, path: FrontEntry?) {
        var settings: [FrontEntry] = []
        if let size, let value = Self.text(size) { settings.append(FrontEntry(key: "size", value: .text(value), line: size.line, column: size.column)) }
        if let path, let value = Self.text(path) {
            let folder = value.split(separator: "/").last.map { String($0).replacingOccurrences(of: ":num", with: "") } ?? ""
            if !folder.isEmpty { settings.append(FrontEntry(key: "path", value: .text(folder), line: path.line, column: path.column)) }
        }
        guard let first = size ?? path, !settings.isEmpty else { return }
        set("pagination", .map(settings), from: first, note: "the page size of lists (\(first.key))")
    }

    /// `languages: {en: {languageName, languageDirection, title, weight, params: {description}}}`
    /// as site.yml's map of languages, by weight, the default language first.
    private mutating func hugoLanguages(_ entry: FrontEntry, defaultCode: String) {
        guard case .map(let byCode) = entry.value else { return }
        var languages: [(weight: Int, entry: FrontEntry)] = []
        for item in byCode {
            let settings: [FrontEntry] = if case .map(let map) = item.value { map } else { [] }
            func setting(_ name: String) -> FrontEntry? { settings.first { $0.key.lowercased() == name.lowercased() } }
            if setting("disabled")?.value == .bool(true) { continue }
            var values: [FrontEntry] = []
            let name = Self.text(setting("languageName")) ?? Language.nameInItself(item.key)
            values.append(FrontEntry(key: "name", value: .text(name), line: item.line, column: item.column))
            if let direction = setting("languageDirection") ?? setting("writingDirection"), let value = Self.text(direction) {
                values.append(FrontEntry(key: "direction", value: .text(value), line: direction.line, column: direction.column))
            }
            if let title = setting("title"), let value = Self.text(title) { values.append(FrontEntry(key: "title", value: .text(value), line: title.line, column: title.column)) }
            if case .map(let params)? = setting("params")?.value, let description = params.first(where: { $0.key.lowercased() == "description" }),
               let value = Self.text(description) {
                values.append(FrontEntry(key: "description", value: .text(value), line: description.line, column: description.column))
            }
            if setting("contentDir") != nil { notTaken.append("the `contentDir` of `\(item.key)` (write translations as `page.\(item.key).md`)") }
            let weight = item.key.lowercased() == defaultCode.lowercased() ? Int.min : Int(Self.text(setting("weight")) ?? "") ?? 0
            languages.append((weight, FrontEntry(key: item.key, value: .map(values), line: item.line, column: item.column)))
        }
        let ordered = languages.enumerated().sorted { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }.map(\.element.entry)
        guard !ordered.isEmpty else { return }
        set("languages", .map(ordered), from: entry, note: "\(ordered.count) language\(ordered.count == 1 ? "" : "s")")
    }
}
