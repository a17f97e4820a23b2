import Foundation

/// The last build as a full build leaves it for the engine: each site's held in memory for
/// `serve`, the full site's written to `.guidesite-cache/` for `build`.
enum KeepLastBuild {
    /// One site's last build: what it built and recorded, with the problems of the run that are
    /// no file's and no page's link problems (`recording.linkProblems`: those of every site).
    static func lastBuild(_ context: BuildContext, built: BuiltSite) -> LastBuild? {
        guard let site = built.site,
              var last = lastBuild(context, site: site, linkDiagnostics: built.linkDiagnostics, search: built.search) else { return nil }
        last.variantKey = built.variant.key
        last.shared = context.inputs?.shared ?? ""
        last.exports = built.exportLayout
        last.excluded = built.excluded
        last.translations = context.translations
        (last.assets, last.theme) = (context.inputs?.assets ?? [:], context.inputs?.theme ?? [:])
        (last.fileIncludes, last.includes) = (context.recording.parseIncludes, context.inputs?.includes ?? [:])
        last.layoutDigests = context.theme?.theme.layoutDigests ?? [:]
        return last
    }

    private static func lastBuild(_ context: BuildContext, site: Site, linkDiagnostics: [[Diagnostic]], search: SearchIndex.Layout?) -> LastBuild? {
        let recording = context.recording
        guard let search, linkDiagnostics.count == site.pages.count else { return nil }
        let markdown = context.walk.files.filter { $0.kind == .markdown }
        guard recording.parseDiagnostics.count == markdown.count else { return nil }
        var pageByPath: [String: Int] = [:]
        for (index, page) in site.pages.enumerated() where !page.contentPath.isEmpty { pageByPath[page.contentPath] = index }
        let fileDiagnostics = markdown.indices.map { index in
            recording.parseDiagnostics[index] + (recording.markdownDiagnostics[markdown[index].relativePath] ?? [])
        }
        var perPage = recording.linkProblems
        for list in fileDiagnostics { perPage.formUnion(list) }
        for list in linkDiagnostics { perPage.formUnion(list) }
        return LastBuild(
            settings: context.inputs?.settings ?? "", outputInode: 0, spareInode: 0,
            stamps: markdownStamps(context), pageOfFile: markdown.map { pageByPath[$0.relativePath] ?? -1 },
            fileDiagnostics: fileDiagnostics, linkDiagnostics: linkDiagnostics,
            otherDiagnostics: context.diagnostics.filter { !perPage.contains($0) }, site: site, files: [], differing: nil,
            search: search, pagesWritten: context.pagesWritten, pastedText: context.parsedPastedText,
            markdownPaths: markdown.map(\.relativePath)
        )
    }

    /// Each Markdown file's stamp in walk order; none known when the walk was reused.
    static func markdownStamps(_ context: BuildContext) -> [FileStamp?] {
        guard context.walk.stamps.count == context.walk.files.count else {
            return Array(repeating: nil, count: context.walk.files.count { $0.kind == .markdown })
        }
        return zip(context.walk.files, context.walk.stamps).filter { $0.0.kind == .markdown }.map(\.1)
    }

    /// The last build a build under `basis` leaves: that one with the edited pages, their
    /// problems, the link problems and the search index's layout as they are now.
    private static func next(after basis: Basis, context: BuildContext, site: Site, linkDiagnostics: [[Diagnostic]],
                             search: SearchIndex.Layout?) -> LastBuild? {
        let recording = context.recording
        guard recording.parseDiagnostics.count == basis.edited.count, linkDiagnostics.count == site.pages.count else { return nil }
        let markdown = context.walk.files.filter { $0.kind == .markdown }
        var next = basis.last
        next.site = site
        next.translations = context.translations
        next.linkDiagnostics = linkDiagnostics
        next.search = search ?? next.search
        if basis.templatesMoved { next.layoutDigests = context.theme?.theme.layoutDigests ?? [:] }
        let knowsIncludes = next.fileIncludes.count == next.fileDiagnostics.count && recording.parseIncludes.count == basis.edited.count
        for (read, file) in basis.edited.enumerated() {
            next.fileDiagnostics[file] = recording.parseDiagnostics[read] + (recording.markdownDiagnostics[markdown[file].relativePath] ?? [])
            if knowsIncludes { next.fileIncludes[file] = recording.parseIncludes[read] }
        }
        if !knowsIncludes { next.fileIncludes = [] }
        return next
    }

    /// `next` (from `next(after:)`) with its pages at their places in the site of `built`, when
    /// pages came or went: each file's page, each page's record in the pages file (a new page's
    /// is appended), and what the subset leaves out.
    private static func placed(_ next: LastBuild, built: BuiltSite, last: LastBuild) -> LastBuild {
        guard let lastPosition = built.lastPosition else { return next }
        var next = next
        var pageByPath: [String: Int] = [:]
        for (index, page) in next.site.pages.enumerated() where !page.contentPath.isEmpty { pageByPath[page.contentPath] = index }
        next.pageOfFile = next.markdownPaths.map { pageByPath[$0] ?? -1 }
        next.records = lastPosition.map { $0 >= 0 && last.records.indices.contains($0) ? last.records[$0] : 0..<0 }
        let kept = Set(lastPosition)
        next.unusedBytes += last.records.indices.filter { !kept.contains($0) }.reduce(0) { $0 + last.records[$1].count }
        next.excluded = built.excluded
        return next
    }

    /// Holds the last build of each site of the run in memory, with the walk it came from and
    /// the output's files; none unless every site was built.
    static func inMemory(_ context: BuildContext) -> [LastBuild] {
        guard let memory = context.memoryOutput, !context.builtSites.isEmpty,
              context.builtSites.count == context.plan.variants.count else { return [] }
        let files = memory.files
        var kept: [LastBuild] = []
        for built in context.builtSites {
            guard let site = built.site, let last = inMemory(context, built: built, site: site, files: files) else { return [] }
            kept.append(last)
        }
        return kept
    }

    private static func inMemory(_ context: BuildContext, built: BuiltSite, site: Site, files: [String: Data]) -> LastBuild? {
        if let basis = built.basis {
            guard let made = next(after: basis, context: context, site: site, linkDiagnostics: built.linkDiagnostics, search: built.search) else { return nil }
            var next = placed(made, built: built, last: basis.last)
            if basis.filesMoved || basis.assets.moved, var memory = next.memory {
                // The walk it came from, for the next build's files and the watcher's paths.
                (memory.files, memory.walkDiagnostics) = (context.walk.files, context.walk.diagnostics)
                (memory.positions, memory.routes) = placesOfWalk(context, site: site)
                next.memory = memory
            }
            next.memory?.output = files
            // Stamps taken this time, or none (read again if the watcher cannot vouch next time).
            let stamps = markdownStamps(context)
            for file in basis.edited where next.stamps.indices.contains(file) { next.stamps[file] = stamps[file] }
            next.memory?.renderKeys = built.renderKeys
            next.memory?.exportParts = built.exportParts
            if basis.themeMoved, let theme = context.theme {
                next.otherDiagnostics = Diagnostic.removing(next.memory?.theme?.diagnostics ?? [], from: next.otherDiagnostics) + theme.diagnostics
                next.memory?.theme = theme
            }
            return next
        }
        guard var last = lastBuild(context, built: built) else { return nil }
        // What the next rebuild compares when the watcher cannot say what changed: with the walk
        // reused for the files the watcher named, the last build's, but for the Markdown files'
        // stamps (the theme's files and includes keep theirs as then: found moved again).
        let before = context.lastSites.first { $0.variantKey == built.variant.key }
        let layout = context.layout, includes = context.siteConfig.includesFolder
        if context.inputs == nil, context.walk.reused, let before, let known = context.request.knownChanges, let positions = before.memory?.positions,
           known.allSatisfy({ positions[$0] != nil || layout.isTemplate($0) || layout.themeFile($0) != nil || layout.includeName($0, includesFolder: includes) != nil }),
           before.stamps.count == last.stamps.count {
            (last.settings, last.shared, last.stamps, last.assets, last.theme) = (before.settings, before.shared, before.stamps, before.assets, before.theme)
            last.includes = before.includes
            for path in known { if let position = positions[path] { last.stamps[position] = nil } }
        } else {
            last.settings = context.inputs?.settings ?? ""
        }
        let places = placesOfWalk(context, site: last.site)
        last.memory = LastBuild.Memory(walkKey: Load.walkKey(context.layout, context.siteConfig), files: context.walk.files,
                                       walkDiagnostics: context.walk.diagnostics, positions: places.positions, output: files,
                                       routes: places.routes, renderKeys: built.renderKeys, theme: context.theme, exportParts: built.exportParts)
        return last
    }

    /// Each Markdown file's walk position by its full path (what the watcher reports), and the
    /// route of each of `site`'s pages by the paths links name it by.
    private static func placesOfWalk(_ context: BuildContext, site: Site) -> (positions: [String: Int], routes: [String: Route]) {
        var positions: [String: Int] = [:]
        for (position, file) in context.walk.files.filter({ $0.kind == .markdown }).enumerated() { positions[file.path] = position }
        return (positions, RouteLookup.table(of: site.pages.filter { !$0.contentPath.isEmpty }))
    }

    /// Writes the state of each site of a command-line build of the full site that put its
    /// output in place (its subsets and languages are inside it), for the next build to start
    /// from (see `FindEdits`).
    static func onDisk(_ context: BuildContext) {
        let built = context.builtSites
        guard context.inputs != nil, !built.isEmpty, built.count == context.plan.variants.count, context.writers.count == 1,
              let writer = context.writers.first, let outputInode = BuildRecord.inode(of: writer.output) else { return }
        let first = LastBuild.location(root: context.layout.root, output: writer.output)
        if built[0].basis != nil {
            // Each site's state on a core of its own.
            let shared = UncheckedSendable((context, built, writer)), run = LastBuild.newRun()
            let kept = Array(built.indices).concurrentMap { site -> Bool in
                let (context, built, writer) = shared.value
                guard let basis = built[site].basis else { return false }
                return afterEdits(basis, built: built[site], context: context, writer: writer, outputInode: outputInode, run: (run, site == 0))
            }
            if kept.contains(false) {
                // A site whose state was not brought up to date: the next build is a full one.
                LastBuild.remove(at: first)
                LastBuild.removeSites(besides: first)
            }
            return
        }
        guard let writer = writer as? SiteWriter else { return }
        let spare = SiteWriter.sparePath(for: writer.output)
        let spareInode = spare.flatMap(BuildRecord.inode(of:))
        let files = writer.writtenFiles
        // The spare site is the output this build replaced: it differs from the new one in the
        // files written fresh and in those it has that the new one lacks, which the last state
        // lists, or else a walk of the spare finds (a second build, or one after a failed build).
        // Without a spare (the first build into a folder), a patch replaces files in place.
        var differing: [String]?
        if let spare, spareInode != nil {
            let previous = context.recording.previousFiles ?? FileWriting.files(below: spare.path).filter { $0 != SiteWriter.markerName }
            let current = Set(files)
            differing = Array(Set(writer.freshFiles).union(previous.filter { !current.contains($0) })).sorted()
        }
        var states: [UncheckedSendable<(URL, LastBuild, PagesFile?)>] = []
        let run = LastBuild.newRun()
        for (site, one) in built.enumerated() {
            guard var state = lastBuild(context, built: one) else {
                LastBuild.remove(at: first)
                return LastBuild.removeSites(besides: first)
            }
            state.differing = differing
            (state.run, state.holdsRun) = (run, site == 0)
            (state.outputInode, state.spareInode, state.files) = (outputInode, spareInode ?? 0, files)
            states.append(UncheckedSendable((LastBuild.location(root: context.layout.root, output: writer.output, site: site), state, one.pagesFile)))
        }
        // Each site's state on a core of its own (its pages file is most of the bytes).
        _ = states.concurrentMap { box in
            var (location, state, pages) = box.value
            state.writeWithPages(to: location, encoded: pages)
        }
        LastBuild.removeSites(besides: first, from: built.count)
        LastBuild.removeOthers(besides: first)
    }

    /// The output's files (`files`, sorted) after a patch wrote or removed those `touched` (a
    /// file both is looked for): the same array when none came or went (a body edit), so 30,000
    /// paths are not sorted again.
    private static func filesNow(_ files: [String], touched: (written: Set<String>, removed: Set<String>), output: URL) -> [String] {
        func listed(_ path: String) -> Bool {
            var low = 0, high = files.count
            while low < high {
                let middle = (low + high) / 2
                if files[middle] < path { low = middle + 1 } else { high = middle }
            }
            return low < files.count && files[low] == path
        }
        var added: [String] = [], removed = Set<String>()
        for path in touched.written.union(touched.removed) {
            let exists = touched.removed.contains(path) ? access(output.path + "/" + path, F_OK) == 0 : true
            if exists, !listed(path) { added.append(path) } else if !exists, listed(path) { removed.insert(path) }
        }
        guard !added.isEmpty || !removed.isEmpty else { return files }
        return (files.filter { !removed.contains($0) } + added).sorted()
    }

    /// The state of one site after a build under `basis` put its files in place: the edited
    /// pages appended to its pages file, the header written again; false when it could not be.
    private static func afterEdits(_ basis: Basis, built: BuiltSite, context: BuildContext, writer: any CommittedOutput,
                                   outputInode: UInt64, run: (token: UInt64, first: Bool)) -> Bool {
        guard let site = built.site,
              let made = next(after: basis, context: context, site: site, linkDiagnostics: built.linkDiagnostics, search: built.search),
              let location = basis.location, let inputs = basis.inputs else { return false }
        var next = placed(made, built: built, last: basis.last)
        for file in basis.edited { next.stamps[file] = inputs.markdownStamps[file] }
        next.files = filesNow(next.files, touched: writer.pathsTouched, output: writer.output)
        next.pagesWritten = context.pagesWritten
        let spareInode = SiteWriter.sparePath(for: writer.output).flatMap(BuildRecord.inode(of:))
        // Through the spare site, it now differs from the live one in the files written; in
        // place, there is still no spare.
        if let written = writer as? SiteWriter {
            guard spareInode != nil else { return false }
            next.differing = written.freshFiles
        } else {
            guard spareInode == nil else { return false }
            next.differing = nil
        }
        (next.outputInode, next.spareInode) = (outputInode, spareInode ?? 0)
        (next.run, next.holdsRun) = run
        // Exports made again (a site linked anew) are where this build wrote them.
        next.exports = built.exportLayout ?? next.exports
        return next.appendPages(built.positions, to: location)
    }
}
