import Foundation

/// Finding and reading a library's own configuration (`LibraryConfig`): the file a generator
/// looks for, parsed as YAML, TOML or JSON.
extension LibraryConfig {
    /// Hugo's configuration file names, in the order Hugo looks for them.
    static let hugoFiles = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"]
    /// Eleventy's configuration file names.
    static let eleventyFiles = ["eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs", ".eleventy.js"]
    static let mkdocsFiles = ["mkdocs.yml", "mkdocs.yaml"]
    static let docusaurusFiles = ["docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs"]
    static let astroFiles = ["astro.config.mjs", "astro.config.ts", "astro.config.js"]
    /// VitePress's, in `.vitepress/` at the root or in `docs/`: the folder holding it is the content.
    static let vitepressFiles = ["", "docs/"].flatMap { folder in ["js", "ts", "mjs", "mts"].map { folder + ".vitepress/config." + $0 } }
    /// Docusaurus's sidebars, beside its configuration.
    static let sidebarFiles = ["sidebars.js", "sidebars.ts", "sidebars.mjs", "sidebars.cjs"]
    /// Every file name a library's configuration may have, for what watches the site's root.
    public static let fileNames = ["_config.yml"] + hugoFiles + eleventyFiles + mkdocsFiles + docusaurusFiles + astroFiles + sidebarFiles

    /// The configuration found in `root`, if the folder holds one of a generator's.
    public static func find(in root: URL, display: (URL) -> String) -> LibraryConfig? {
        guard var config = found(in: root, display: display) else { return nil }
        // A generator's own content folder (the root for Jekyll, `content/` for Hugo), unless its
        // configuration names one, gives way to a GuideSite `Content/` folder beside it.
        if FileManager.default.fileExists(atPath: root.appending(path: "Content").path), !config.taken.contains(where: { $0.key == "content" }) {
            config.entries.removeAll { $0.key == "content" }
        }
        return config
    }

    private static func found(in root: URL, display: (URL) -> String) -> LibraryConfig? {
        let manager = FileManager.default
        let jekyll = root.appending(path: "_config.yml")
        if manager.fileExists(atPath: jekyll.path) {
            return read(jekyll, display: display(jekyll)) { map, path in Self.jekyll(map, path: path) }
        }
        for name in hugoFiles {
            let file = root.appending(path: name)
            guard manager.fileExists(atPath: file.path) else { continue }
            // `config.yaml` alone is too common a name to mean Hugo; a `content/` folder beside it does.
            if name.hasPrefix("config."), !manager.fileExists(atPath: root.appending(path: "content").path) { continue }
            return read(file, display: display(file)) { map, path in Self.hugo(map, path: path) }
        }
        for name in eleventyFiles {
            let file = root.appending(path: name)
            guard let script = try? String(contentsOf: file, encoding: .utf8) else { continue }
            return eleventy(script, path: display(file))
        }
        for name in mkdocsFiles where manager.fileExists(atPath: root.appending(path: name).path) {
            let file = root.appending(path: name)
            return read(file, display: display(file)) { map, path in Self.mkdocs(map, path: path) }
        }
        let scripts: [(Generator, [String], (String) -> String)] = [
            (.docusaurus, docusaurusFiles, { _ in "docs" }),
            (.vitepress, vitepressFiles, { name in name.hasPrefix("docs/") ? "docs" : "." }),
            // Astro alone is not a documentation generator: its Starlight integration is.
            (.starlight, astroFiles, { _ in "src/content/docs" }),
        ]
        for (generator, names, content) in scripts {
            for name in names {
                let file = root.appending(path: name)
                guard let script = try? String(contentsOf: file, encoding: .utf8),
                      generator != .starlight || script.contains("starlight") else { continue }
                return javaScript(generator, script: script, path: display(file), content: content(name), root: root)
            }
        }
        return nil
    }

    /// Reads `file` as YAML, TOML or JSON by its extension and makes the configuration.
    private static func read(_ file: URL, display: String, make: ([FrontEntry], String) -> LibraryConfig) -> LibraryConfig {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            var config = make([], display)
            config.diagnostics.append(Diagnostic(.error, display, category: "site-config", "could not read this file: \(error.localizedDescription)"))
            return config
        }
        let read: Diagnosed<FrontValue> = switch file.pathExtension {
        case "toml": HugoFrontMatter.readTOML(text, firstLine: 1, path: display)
        case "json": HugoFrontMatter.readJSON(text, firstLine: 1, path: display)
        default: YAMLReader().read(text, firstLine: 1, path: display)
        }
        let map: [FrontEntry] = if case .map(let entries) = read.value { entries } else { [] }
        var config = make(map, display)
        config.diagnostics = read.diagnostics + config.diagnostics
        return config
    }

    /// Eleventy's configuration is JavaScript, which a static build does not run: its `dir`
    /// settings are read where they are written as plain strings (`input: "src"`), and the rest
    /// follows Eleventy's conventions (`_includes`, `_data`, directory data files).
    static func eleventy(_ script: String, path: String) -> LibraryConfig {
        var config = LibraryConfig(generator: .eleventy, path: path)
        let input = scriptString("input", in: script).map { ($0.0.trimming("./").isEmpty ? "." : $0.0.trimming("/"), $0.1) } ?? (".", 1)
        config.set("content", .text(input.0), from: FrontEntry(key: "content", value: .null, line: input.1, column: 1),
                   note: "content folder `\(input.0)` (dir.input)")
        if let includes = scriptString("includes", in: script) {
            config.set("includes", .text(includes.0), from: FrontEntry(key: "includes", value: .null, line: includes.1, column: 1),
                       note: "includes `\(includes.0)` (dir.includes)")
        }
        if let data = scriptString("data", in: script) {
            config.set("data", .text(data.0), from: FrontEntry(key: "data", value: .null, line: data.1, column: 1),
                       note: "data `\(data.0)` (dir.data)")
        }
        // Eleventy's Markdown (markdown-it with `html: true`) keeps the HTML written in it.
        config.entries.append(rawHTMLKept)
        // Its Nunjucks and Liquid templates are pages too, but in the folders it copies as they are.
        config.templatePages = ["njk", "liquid"]
        config.scriptTemplates = [".11ty.js", ".11ty.cjs", ".11ty.mjs"]
        let inside = input.0 == "." ? "" : input.0 + "/"
        for call in script.matches(of: /addPassthroughCopy\(\s*["'`]([^"'`*]+)["'`]\s*\)/) {
            let path = String(call.1).trimming("./").trimming("/")
            if inside.isEmpty || path.hasPrefix(inside) { config.copiedAsIs.append(String(path.dropFirst(inside.count))) }
        }
        config.notTaken.append("filters, shortcodes and collections defined in JavaScript")
        return config
    }
}
