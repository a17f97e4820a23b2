import Foundation

/// The documentation generators' configurations: MkDocs's `mkdocs.yml`, read as YAML, and those
/// written in JavaScript (Docusaurus, VitePress, Starlight), whose plain string settings are read
/// where they are written, as Eleventy's are. None of them runs a template engine over pages
/// (MkDocs does with its `macros` plugin).
extension LibraryConfig {
    /// MkDocs: site_name, site_description, site_url, docs_dir, copyright, and `nav:` (the
    /// sections' titles and order, each page's place and title).
    static func mkdocs(_ map: [FrontEntry], path: String) -> LibraryConfig {
        var config = LibraryConfig(generator: .mkdocs, path: path, original: map)
        config.entries.append(FrontEntry(key: "content", value: .text("docs"), line: 1, column: 1))
        // Python-Markdown keeps the HTML written in Markdown.
        config.entries.append(rawHTMLKept)
        config.evaluatesTemplates = false
        let renamed = ["site_name": "title", "site_description": "description", "site_url": "url", "docs_dir": "content",
                       "copyright": "footer"]
        for entry in map {
            if let key = renamed[entry.key], let value = text(entry) {
                let written = key == "url" ? value.trimming("/") + "/" : key == "content" ? value.trimming("./") : value
                config.set(key, .text(written), from: entry, note: entry.key)
                continue
            }
            switch entry.key {
            case "nav": config.apply(navigation: NavItem.mkdocs(entry.value), from: entry, name: "nav")
            case "theme": config.notTaken.append("`theme` (GuideSite's theme is used; `Templates/` changes it)")
            case "plugins":
                // A list of names, or of maps from a name to its settings; or a map of them.
                let names: [String] = switch entry.value {
                case .list(let items): items.compactMap(pluginName)
                case .map(let items): items.map(\.key)
                default: []
                }
                // The macros plugin runs Jinja2 over pages: its `{{ }}` read as GuideSite reads Liquid's.
                config.evaluatesTemplates = names.contains("macros")
                let others = names.filter { !["search", "macros"].contains($0) }
                if !others.isEmpty {
                    config.notTaken.append("plugins " + others.map { "`\($0)`" }.joined(separator: ", ") + " (Python plugins do not run)")
                }
            default: break
            }
        }
        return config
    }

    /// `markdown: {unsafe-html: true}`: the generator's Markdown keeps the HTML written in it.
    static let rawHTMLKept: FrontEntry = {
        let kept = FrontEntry(key: "unsafe-html", value: .bool(true), line: 1, column: 1)
        return FrontEntry(key: "markdown", value: .map([kept]), line: 1, column: 1)
    }()

    private static func pluginName(_ item: FrontValue) -> String? {
        if case .map(let settings) = item { return settings.first?.key }
        return item.text
    }

    /// A generator configured in JavaScript: its title, description and address where written as
    /// plain strings, and its content folder (`docs` for Docusaurus, Starlight's
    /// `src/content/docs`, VitePress's root).
    static func javaScript(_ generator: Generator, script: String, path: String, content: String, root: URL) -> LibraryConfig {
        var config = LibraryConfig(generator: generator, path: path)
        config.evaluatesTemplates = false
        // Docusaurus's partials (`_snippet.mdx`, imported by pages) and Starlight's `_` files are no pages.
        config.underscoreIsPrivate = generator != .vitepress
        config.entries.append(FrontEntry(key: "content", value: .text(content), line: 1, column: 1))
        config.entries.append(rawHTMLKept)
        let described = generator == .docusaurus ? "tagline" : "description"
        for (key, name) in [("title", "title"), ("description", described)] {
            if let (value, line) = scriptString(name, in: script), !value.isEmpty {
                config.set(key, .text(value), from: FrontEntry(key: name, value: .null, line: line, column: 1), note: name)
            }
        }
        // Where the site is published: Docusaurus's `url` and `baseUrl`, Astro's `site` and
        // `base`, VitePress's `base` (its address is its sitemap's `hostname`).
        let names = switch generator {
        case .docusaurus: ("url", "baseUrl")
        case .vitepress: ("hostname", "base")
        default: ("site", "base")
        }
        let base = scriptString(names.1, in: script).map { "/" + $0.value.trimming("/") } ?? ""
        if let (origin, line) = scriptString(names.0, in: script), origin.hasPrefix("http://") || origin.hasPrefix("https://") {
            let url = origin.trimming("/") + (base == "/" ? "" : base) + "/"
            config.set("url", .text(url), from: FrontEntry(key: names.0, value: .null, line: line, column: 1), note: names.0)
        } else if base.count > 1, let (_, line) = scriptString(names.1, in: script) {
            config.set("base-url", .text(base + "/"), from: FrontEntry(key: names.1, value: .null, line: line, column: 1), note: names.1)
        }
        config.readNavigation(script: script, root: root, content: content, path: path)
        config.notTaken.append("plugins, components and settings computed in JavaScript")
        return config
    }

    /// The first plain string the script gives `key` (`key: 'value'`), and its line.
    static func scriptString(_ key: String, in script: String) -> (value: String, line: Int)? {
        guard let range = script.range(of: #"\b"# + key + #"\s*:\s*["'`]([^"'`$]*)["'`]"#, options: .regularExpression) else { return nil }
        let value = script[range].drop { $0 != "\"" && $0 != "'" && $0 != "`" }.dropFirst().dropLast()
        return (String(value), script[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 })
    }
}
