import Foundation

/// Walks the content folder and takes every file's stamp, or reuses the walk of the last build in
/// memory when the watcher reports only files it found.
/// Reads: `siteConfig`, `last`. Makes: `Walk` (`walk`).
enum Load: BuildStage {
    static let name = "load"

    /// What a walk of the content folder depends on: the folder and the Markdown extensions.
    static func walkKey(_ context: BuildContext) -> String {
        context.layout.content.path + "\n" + context.siteConfig.markdownExtensions.joined(separator: " ")
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
            return
        }
        let loaded = ContentLoader(markdownExtensions: Set(context.siteConfig.markdownExtensions))
            .loadFiles(in: context.layout.content, layout: context.layout)
        context.walk.files = loaded.value
        context.walk.diagnostics = loaded.diagnostics
        context.diagnostics += loaded.diagnostics
        // Before anything is read: a file saved during the build then shows as changed next time.
        context.walk.stamps = FileStamp.stamps(of: loaded.value)
    }
}
