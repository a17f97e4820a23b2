import Foundation

/// The layouts, partials and assets a site is rendered with: the built-in theme, with any file of
/// the site's own `Templates/` folder taking the place of the built-in file of the same path.
public struct Theme: Sendable {
    /// Theme files by path relative to the theme folder (`layouts/entry.mustache`).
    public var files: [String: Data]
    /// Where each file came from, as diagnostics print it.
    public var origins: [String: String]

    /// The built-in theme overlaid with the files of `folder`, when it exists.
    public static func load(from folder: URL, layout: SiteLayout) -> Diagnosed<Theme> {
        var files = DefaultTheme.files()
        var origins = Dictionary(uniqueKeysWithValues: files.keys.map { ($0, "(built-in theme)/\($0)") })
        var diagnostics: [Diagnostic] = []
        let manager = FileManager.default
        let base = folder.standardizedFileURL.path
        if manager.fileExists(atPath: base), let walker = manager.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) {
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                      !EditorLitter.isLitter(url.lastPathComponent) else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
                    .trimming("/")
                do {
                    files[relative] = try Data(contentsOf: url)
                    origins[relative] = layout.displayPath(url)
                } catch {
                    diagnostics.append(Diagnostic(.error, layout.displayPath(url), category: "io",
                                                  "could not read this template: \(error.localizedDescription)"))
                }
            }
        }
        return Diagnosed(Theme(files: files, origins: origins), diagnostics)
    }

    /// The name a tag includes a template file by: `layouts/entry` for `layouts/entry.mustache`,
    /// `toc` for `partials/toc.mustache`; nil for any other file.
    static func templateName(of path: String) -> String? {
        guard path.hasSuffix(".mustache") else { return nil }
        if path.hasPrefix("layouts/") { return String(path.dropLast(".mustache".count)) }
        if path.hasPrefix("partials/") { return String(path.dropFirst("partials/".count).dropLast(".mustache".count)) }
        return nil
    }

    /// Every layout and partial as `MustacheParser` reads it, by name, with its file's path
    /// (those it cannot read are left to swift-mustache, which reports them).
    var parsedTemplates: [String: (path: String, template: CompiledTemplate)] {
        var parsed: [String: (path: String, template: CompiledTemplate)] = [:]
        for (path, data) in files {
            guard let name = Self.templateName(of: path), let text = String(data: data, encoding: .utf8),
                  let template = MustacheParser.parse(FastHTMLContentType.pragma + text, lineOffset: 1) else { continue }
            parsed[name] = (path, template)
        }
        return parsed
    }

    /// The site's partials that the built-in theme does not have and that no layout or partial
    /// includes (`{{>name}}` or `{{<name}}`): most often a misspelt override, which would
    /// otherwise change nothing, silently. Each with the built-in partial it is closest to.
    public var unusedPartials: [(path: String, closest: String)] {
        let builtIn = Set(DefaultTheme.files().keys.filter { $0.hasPrefix("partials/") })
        var named = Set<String>()
        for (path, data) in files where path.hasSuffix(".mustache") {
            let text = String(decoding: data, as: UTF8.self)
            var rest = text[...]
            while let open = rest.range(of: "{{") {
                rest = rest[open.upperBound...]
                guard let first = rest.first, first == ">" || first == "<" else { continue }
                let name = rest.dropFirst().prefix { $0 != "}" }.trimmingCharacters(in: .whitespaces)
                named.insert(name)
            }
        }
        return files.keys.sorted().compactMap { path in
            guard path.hasPrefix("partials/"), path.hasSuffix(".mustache"), !builtIn.contains(path) else { return nil }
            let name = String(path.dropFirst("partials/".count).dropLast(".mustache".count))
            guard !named.contains(name) else { return nil }
            return (path, Suggestion.didYouMean(path, in: builtIn))
        }
    }

    /// Names of the layouts (`entry`, `page`, ...), sorted.
    public var layoutNames: [String] {
        files.keys.compactMap { path -> String? in
            guard path.hasPrefix("layouts/"), path.hasSuffix(".mustache") else { return nil }
            return String(path.dropFirst("layouts/".count).dropLast(".mustache".count))
        }.sorted()
    }

    /// A hash per layout of the layout file and every partial (any of which it may include), so
    /// a changed template re-renders exactly the pages whose layout could show the change; and
    /// the layouts that may show how many entries a list has, or how many pages cite a criterion.
    public var layoutKeys: LayoutKeys {
        var partials = Hasher()
        var partialNames = Set<String>()
        for path in files.keys.sorted() where path.hasPrefix("partials/") {
            partials.combine(path)
            partials.combine(contentsOf: files[path])
            partialNames.formUnion(Self.names(in: files[path] ?? Data()))
        }
        let shared = partials.finalize()
        var keys = LayoutKeys()
        let reads = TemplateCheck.layoutReads(self)
        for name in layoutNames {
            var hasher = Hasher()
            hasher.combine(shared)
            hasher.combine(contentsOf: files["layouts/\(name).mustache"])
            keys.keys[name] = hasher.finalize()
            let named = partialNames.union(Self.names(in: files["layouts/\(name).mustache"] ?? Data()))
            if !named.isDisjoint(with: LayoutKeys.countNames) { keys.counting.insert(name) }
            if reads?[name].map({ !$0.isDisjoint(with: LayoutKeys.citingCountFields) }) ?? true { keys.citingCounts.insert(name) }
        }
        return keys
    }

    /// Every name a template's tags use, each part of a dotted name apart (`section.count`);
    /// with other delimiters set (`{{=<% %>=}}`), the names of a count, as tags it cannot read may.
    static func names(in template: Data) -> Set<String> {
        let text = String(decoding: template, as: UTF8.self)
        if text.contains("{{=") { return LayoutKeys.countNames }
        var names = Set<String>()
        for tag in text.components(separatedBy: "{{").dropFirst() {
            let inside = tag.prefix { $0 != "}" }.drop { "#^/&>{<$! ".contains($0) }
            for part in inside.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "-" }) { names.insert(String(part)) }
        }
        return names
    }

    /// Files copied to `Output/assets/`, by path below `assets/`, with `site.js` made of the
    /// theme's scripts (`siteScript`) unless the site has an `assets/site.js` of its own.
    public var assets: [(path: String, data: Data)] {
        var assets: [(path: String, data: Data)] = files.filter { $0.key.hasPrefix("assets/") }
            .map { (String($0.key.dropFirst("assets/".count)), $0.value) }
        if files["assets/site.js"] == nil, let script = siteScript { assets.append(("site.js", script)) }
        return assets.sorted { $0.path < $1.path }
    }

    /// The theme's scripts in the order they run, one behaviour each (`scripts/text.js` first:
    /// the `GuideSite` namespace and its texts), then any other of the site's own by name.
    static let scriptOrder = ["text", "menu", "copy", "demos", "tabs", "disk-links", "basket"]

    /// `assets/site.js`: the scripts of `scripts/` one after the other, each named; a site's
    /// `Templates/scripts/tabs.js` replaces that one behaviour. (Written without template
    /// literals, so no line inside a string starts with `//`.)
    public var siteScript: Data? {
        let paths = files.keys.filter { $0.hasPrefix("scripts/") && $0.hasSuffix(".js") }
        guard !paths.isEmpty else { return nil }
        let known = Self.scriptOrder.map { "scripts/\($0).js" }
        let ordered = known.filter(paths.contains) + paths.filter { !known.contains($0) }.sorted()
        // Their comments are for who reads the files: each module's lines but its whole-line
        // comments (the pages load 1.5 kB less), under its name.
        var script = ""
        for path in ordered {
            script += "// " + path.dropFirst("scripts/".count) + "\n"
            var lines = String(decoding: files[path]!, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last?.isEmpty == true { lines.removeLast() }
            for line in lines where !line.drop(while: { $0 == " " }).hasPrefix("//") {
                script += line + "\n"
            }
        }
        return Data(script.utf8)
    }
}

/// Each layout's key (`Theme.layoutKeys`), and the layouts whose templates may show a count.
public struct LayoutKeys: Sendable {
    public var keys: [String: Int] = [:]
    /// Layouts (with any partial) naming `count` or `countText`: their pages show how many
    /// entries their section has, which the others' keys need not read.
    public var counting: Set<String> = []
    static let countNames: Set<String> = ["count", "countText"]
    /// Layouts that may show how many pages cite a criterion (a field of `citingCountFields`, or
    /// a theme whose reads are unknown): their pages' keys read the counts of the criteria they
    /// cite. The built-in entry layout does not, so an entry added no longer renders again every
    /// entry citing one of its criteria (7,243 pages of 10,030 chosen, 557 changed).
    public var citingCounts: Set<String> = []
    static let citingCountFields: Set<String> = ["Criterion.count", "Criterion.countText", "Criterion.summary", "Criterion.*"]

    public subscript(layout: String) -> Int? { keys[layout] }
}
