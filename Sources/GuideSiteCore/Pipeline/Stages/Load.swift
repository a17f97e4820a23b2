import Foundation

/// Walks the content folder and takes every file's stamp, or reuses the walk of the last build in
/// memory when the watcher reports only files it found.
/// Paths of `exclude:` are left out; Eleventy's directory data files are also front matter
/// defaults of their folder.
/// Reads: `siteConfig`, `last`. Makes: `Walk` (`walk`), `siteConfig.frontMatterDefaults`.
enum Load: BuildStage {
    static let name = "load"

    /// What a walk of the content folder depends on: the folder and the Markdown extensions.
    static func walkKey(_ context: BuildContext) -> String {
        context.layout.content.path + "\n" + context.siteConfig.markdownExtensions.joined(separator: " ") + "\n"
            + context.siteConfig.exclude.joined(separator: "\n")
    }

    static func run(_ context: inout BuildContext) {
        // Nothing created, deleted or moved since the last build in memory: the same files. A
        // reported file that walk did not find means it is older than the report: walk again.
        if let known = context.request.knownChanges, let memory = context.last?.memory, memory.walkKey == walkKey(context),
           known.allSatisfy({ path in memory.positions[path] != nil || memory.files.contains { $0.path == path } }) {
            context.walk.files = memory.files
            context.walk.diagnostics = memory.walkDiagnostics
            context.diagnostics += memory.walkDiagnostics
            context.walk.reused = true
            addDirectoryData(&context)
            return
        }
        let loaded = ContentLoader(markdownExtensions: Set(context.siteConfig.markdownExtensions))
            .loadFiles(in: context.layout.content, layout: context.layout)
        var files = loaded.value
        if !context.siteConfig.exclude.isEmpty { files.removeAll { context.siteConfig.excludes($0.relativePath) } }
        context.walk.files = files
        context.walk.diagnostics = loaded.diagnostics
        context.diagnostics += loaded.diagnostics
        addDirectoryData(&context)
        // Before anything is read: a file saved during the build then shows as changed next time.
        context.walk.stamps = FileStamp.stamps(of: files)
    }

    /// In an Eleventy library, the directory data files' values as front matter defaults.
    private static func addDirectoryData(_ context: inout BuildContext) {
        guard context.siteConfig.library?.generator == .eleventy else { return }
        let data = directoryData(in: context.walk.files, layout: context.layout)
        context.siteConfig.frontMatterDefaults += data.defaults
        context.diagnostics += data.diagnostics
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
