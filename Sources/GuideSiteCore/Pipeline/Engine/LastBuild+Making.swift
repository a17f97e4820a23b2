import Foundation

/// The last build as a full build of the full site leaves it for the engine: held in memory
/// for `serve`, written to `.guidesite-cache/` for `build`.
enum KeepLastBuild {
    /// What a successful full build of one site recorded as it went, as the engine keeps it;
    /// nil for `check` and builds of several sites.
    static func lastBuild(of context: BuildContext) -> LastBuild? {
        let recording = context.recording
        guard !context.request.check, context.variants.count == 1, let site = context.site,
              let search = recording.search, recording.linkDiagnostics.count == site.pages.count else { return nil }
        let markdown = context.files.filter { $0.kind == .markdown }
        guard recording.parseDiagnostics.count == markdown.count else { return nil }
        var pageByPath: [String: Int] = [:]
        for (index, page) in site.pages.enumerated() where !page.contentPath.isEmpty { pageByPath[page.contentPath] = index }
        let fileDiagnostics = markdown.indices.map { index in
            recording.parseDiagnostics[index] + (recording.markdownDiagnostics[markdown[index].relativePath] ?? [])
        }
        var perPage = Set<Diagnostic>()
        for list in fileDiagnostics { perPage.formUnion(list) }
        for list in recording.linkDiagnostics { perPage.formUnion(list) }
        return LastBuild(
            settings: context.inputs?.settings ?? "", outputInode: 0, spareInode: 0,
            stamps: markdownStamps(context), pageOfFile: markdown.map { pageByPath[$0.relativePath] ?? -1 },
            fileDiagnostics: fileDiagnostics, linkDiagnostics: recording.linkDiagnostics,
            otherDiagnostics: context.diagnostics.filter { !perPage.contains($0) }, site: site, files: [], differing: nil,
            search: search, pagesWritten: context.pagesWritten, pastedText: context.parsed.filter(\.isPastedText).count
        )
    }

    /// Each Markdown file's stamp in walk order; none known when the walk was reused.
    static func markdownStamps(_ context: BuildContext) -> [FileStamp?] {
        guard context.stamps.count == context.files.count else {
            return Array(repeating: nil, count: context.files.count { $0.kind == .markdown })
        }
        return zip(context.files, context.stamps).filter { $0.0.kind == .markdown }.map(\.1)
    }

    /// Holds the last build in memory, with the walk it came from and its output's files.
    static func inMemory(_ context: inout BuildContext) {
        guard var last = lastBuild(of: context), let memory = context.memoryOutput as? MemoryOutput else { return }
        // What the next rebuild compares when the watcher cannot say what changed.
        last.settings = BuildRecord.inputs(for: context)?.settings ?? ""
        let markdown = context.files.filter { $0.kind == .markdown }
        var positions: [String: Int] = [:]
        for (position, file) in markdown.enumerated() { positions[file.path] = position }
        last.memory = LastBuild.Memory(walkKey: Load.walkKey(context), files: context.files, walkDiagnostics: context.walkDiagnostics,
                                       positions: positions, output: memory.files,
                                       otherStamps: context.stamps.count == context.files.count
                                           ? zip(context.files, context.stamps).filter { $0.0.kind != .markdown }.map(\.1) : [],
                                       excluded: context.recording.excluded)
        context.kept = last
    }

    /// Writes the state of a command-line build of the full site that put its output in place,
    /// for the next build to patch (see `BuildIncrementally`).
    static func onDisk(_ context: BuildContext) {
        guard context.inputs != nil, context.variant.subset == nil, var state = lastBuild(of: context), context.writers.count == 1,
              let writer = context.writers.first,
              let outputInode = BuildRecord.inode(of: writer.output) else { return }
        let spare = SiteWriter.sparePath(for: writer.output)
        let spareInode = spare.flatMap(BuildRecord.inode(of:))
        let files = writer.writtenFiles
        // The spare site is the output this build replaced: it differs from the new one in the
        // files written fresh and in those it has that the new one lacks, which the last state
        // lists, or else a walk of the spare finds (a second build, or one after a failed build).
        // Without a spare (the first build into a folder), a patch replaces files in place.
        if let spare, spareInode != nil {
            let previous = context.recording.previousFiles ?? FileWriting.files(below: spare.path).filter { $0 != SiteWriter.markerName }
            let current = Set(files)
            state.differing = Array(Set(writer.freshFiles).union(previous.filter { !current.contains($0) })).sorted()
        }
        (state.outputInode, state.spareInode, state.files) = (outputInode, spareInode ?? 0, files)
        let location = LastBuild.location(root: context.layout.root, output: writer.output)
        state.writeWithPages(to: location, encoded: context.recording.pagesFile)
        LastBuild.removeOthers(besides: location)
    }
}
