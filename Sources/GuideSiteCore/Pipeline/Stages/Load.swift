import Foundation

/// Walks the content folder and takes every file's stamp, or reuses the walk of the last build in
/// memory when the watcher reports only files it found.
/// Paths of `exclude:` are left out; Eleventy's directory data files are also front matter
/// defaults of their folder.
enum Load {
    static let name = "load"

    /// What a walk of the content folder depends on: the folder, the Markdown extensions, the
    /// excluded paths and the library's template pages.
    static func walkKey(_ layout: SiteLayout, _ settings: SiteConfig) -> String {
        let templates = (settings.library?.templatePages.sorted() ?? []) + (settings.library?.copiedAsIs ?? [])
        return [layout.content.path, settings.markdownExtensions.joined(separator: " "), settings.exclude.joined(separator: "\n"),
                templates.joined(separator: "\n")].joined(separator: "\n")
    }

    /// The files, and in an Eleventy library the front matter defaults its directory data
    /// files give (`directoryData`).
    struct Loaded {
        var walk = Walk()
        var defaults: [FrontMatterDefault] = []
        /// Sections the library's own files name (Docusaurus's `_category_.json`).
        var sections: [SiteConfig.Section] = []
    }

    /// `known`: the files the watcher reports changed; `last`: the last build in memory.
    static func run(layout: SiteLayout, settings: SiteConfig, known: Set<String>?, last: LastBuild.Memory?) -> Diagnosed<Loaded> {
        var walk = Walk()
        // Nothing created, deleted or moved since the last build in memory: the same files. A
        // reported file that walk did not find means it is older than the report: walk again.
        // (The theme's files and the includes are not content.)
        if let known, let last, last.walkKey == walkKey(layout, settings), !known.contains(where: { mayHaveTurned($0, layout, settings) }),
           known.allSatisfy({ path in
            last.positions[path] != nil || layout.isTemplate(path) || layout.themeFile(path) != nil
                || layout.includeName(path, includesFolder: settings.includesFolder) != nil || last.files.contains { $0.path == path }
        }) {
            walk.files = last.files
            walk.diagnostics = last.walkDiagnostics
            walk.reused = true
        } else {
            let loader = ContentLoader(markdownExtensions: Set(settings.markdownExtensions), library: settings.library)
            let loaded = loader.loadFiles(in: layout.content, layout: layout)
            walk.files = loaded.value
            if !settings.exclude.isEmpty || settings.library?.underscoreIsPrivate == true {
                walk.files.removeAll { settings.excludes($0.relativePath) }
            }
            walk.diagnostics = loaded.diagnostics
            // Before anything is read: a file saved during the build then shows as changed next time.
            walk.stamps = FileStamp.stamps(of: walk.files)
        }
        if settings.library?.generator == .docusaurus {
            let sections = docusaurusSections(in: layout.content, layout: layout)
            return Diagnosed(Loaded(walk: walk, sections: sections.value), walk.diagnostics + sections.diagnostics)
        }
        guard settings.library?.generator == .eleventy else { return Diagnosed(Loaded(walk: walk), walk.diagnostics) }
        let data = directoryData(in: walk.files, layout: layout)
        return Diagnosed(Loaded(walk: walk, defaults: data.defaults), walk.diagnostics + data.diagnostics)
    }

    /// Whether the content file at `path` is a template that is a page only with front matter
    /// (Jekyll's HTML), which an edit may have turned into a page or out of one.
    private static func mayHaveTurned(_ path: String, _ layout: SiteLayout, _ settings: SiteConfig) -> Bool {
        guard let library = settings.library, library.templatesNeedFrontMatter,
              library.templatePages.contains(URL(fileURLWithPath: path).pathExtension.lowercased()) else { return false }
        let content = layout.content.standardizedFileURL.path + "/"
        return path.hasPrefix(content) && !settings.excludes(String(path.dropFirst(content.count)))
    }

    /// Eleventy's directory data files (`posts/posts.json`, `posts/posts.11tydata.json`): their
    /// keys are the front matter of every page below the folder unless a page sets them, a
    /// deeper folder's first, as Eleventy's data cascade has it.
    static func directoryData(in files: [ContentFile], layout: SiteLayout) -> (defaults: [FrontMatterDefault], diagnostics: [Diagnostic]) {
        var found: [(folder: String, path: String)] = []
        for file in files where file.kind == .asset && file.relativePath.hasSuffix(".json") {
            let parts = file.relativePath.split(separator: "/")
            guard parts.count >= 2 else { continue }
            let folder = parts[parts.count - 2], name = parts[parts.count - 1]
            if name == folder + ".json" || name == folder + ".11tydata.json" { found.append((parts.dropLast().joined(separator: "/"), file.path)) }
        }
        var defaults: [FrontMatterDefault] = [], diagnostics: [Diagnostic] = []
        // Shallow folders first: the later, deeper one wins.
        for data in found.sorted(by: { $0.folder.count < $1.folder.count }) {
            let url = URL(fileURLWithPath: data.path)
            let read = DataFiles.value(of: url, display: layout.displayPath(url))
            diagnostics += read.diagnostics
            if case .map(let values) = read.value { defaults.append(FrontMatterDefault(path: data.folder, values: values)) }
        }
        return (defaults, diagnostics)
    }
}
