import Foundation

/// A command-line rebuild after edits inside a few entries' bodies: the last build's state
/// (`BuildState`) stands for every other page, so only the edited files are read, their
/// Markdown and pages rendered, their search entries replaced, and the spare site brought up
/// to date by the files known to differ. Anything else (a title, front matter, a new or
/// removed file, site.yml, the theme, an error) makes it decline before touching a file, and
/// the stages run as usual. Its output equals a full build's (tests compare them byte for byte).
extension SiteBuilder {
    /// At most this many edited files are patched; more are built the usual way.
    static let patchLimit = 16

    /// Why a patch was not made, for `--timings`.
    struct Declined: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The edited files read and rendered, put into the last build's site.
    struct Edits {
        var site: Site
        /// Walk positions of the edited files, and the positions of their pages in `site.pages`.
        var files: [Int]
        var positions: [Int]
        /// Each Markdown file's problems, the edited ones replaced.
        var fileDiagnostics: [[Diagnostic]]
        /// Pages whose links must be checked again; every page's when heading ids changed.
        var linksChanged: [Int] = []
        var idsChanged = false
        /// Whether the search page's platform filter may have changed.
        var platformsChanged = false
        /// The edited pages as the last build had them, whole.
        var last: [Page] = []
    }

    static func patchLastBuild(_ context: inout BuildContext) {
        let clock = ContinuousClock()
        var began = clock.now
        var timings: [(String, Double)] = []
        func lap(_ name: String) {
            timings.append(("patch: " + name, milliseconds(clock.now - began)))
            began = clock.now
        }
        let request = context.request
        guard context.memoryOutput == nil, !request.check, !request.fresh, context.variants.count == 1,
              let variant = context.variants.first, variant.subset == nil, let inputs = context.inputs,
              context.stateRecording != nil else { return }
        context.variant = variant
        do {
            let location = BuildState.location(root: context.layout.root, output: variant.output)
            let markdown = context.files.filter { $0.kind == .markdown }
            guard let state = BuildState.read(from: location, settings: inputs.settings) else {
                throw Declined("no state of the last build with these settings, binary and theme")
            }
            // With the spare site the last build left, the patch is put in place with the whole
            // site; without one (after a first build), its few files replace the live ones.
            let spare = SiteWriter.sparePath(for: variant.output)
            let spareInode = spare.flatMap(BuildRecord.inode(of:))
            guard state.spareInode == spareInode ?? 0, state.outputInode == BuildRecord.inode(of: variant.output),
                  spareInode == nil || (state.differing?.count ?? .max) <= 4096, state.stamps.count == markdown.count,
                  state.unusedBytes <= (state.records.last?.upperBound ?? 0) / 4 else {
                throw Declined("the output or spare folder is not the one the last build left")
            }
            lap("read the last build's state")
            let files = markdown.indices.filter { inputs.markdownStamps[$0] == nil || inputs.markdownStamps[$0] != state.stamps[$0] }
            guard !files.isEmpty, files.count <= patchLimit, files.allSatisfy({ state.pageOfFile[$0] >= 0 }) else {
                throw Declined("not a few edited Markdown files (files added, removed or many edited, or an edited file was a draft or unreadable)")
            }
            var site = state.site
            site.config = context.config
            site.assets = context.files.filter { $0.kind == .asset }
            // Into the build's own context: if the patch is not made, the theme stage has it.
            loadTheme(&context)
            guard let renderer = context.renderer, context.theme != nil, !context.hasErrors else { throw Declined("the theme has problems") }
            var scratch = context
            scratch.pages = site.pages.filter { !$0.contentPath.isEmpty }
            var edits = try readEdits(files, of: markdown, into: site, state: state, renderer: renderer, context: scratch)
            lap("read and render \(files.count) edited file\(files.count == 1 ? "" : "s")")
            let links = try linkProblems(&edits, state: state)
            var problems = Set(state.otherDiagnostics)
            for list in edits.fileDiagnostics { problems.formUnion(list) }
            for list in links { problems.formUnion(list) }
            guard !problems.contains(where: { $0.severity == .error || (request.strict && $0.severity == .warning) }) else {
                throw Declined("the site has errors")
            }
            lap("check links")
            let made = try render(edits, renderer: renderer, basePath: context.basePath)
            let search = try patchedSearchIndex(edits, state: state, file: variant.output.appending(path: SearchIndex.path), basePath: context.basePath)
            lap("render \(made.count) page\(made.count == 1 ? "" : "s") and the search index")

            // The state goes before any file changes: a build killed from here on leaves none,
            // and the next build is a full one.
            BuildState.remove(at: location)
            let changedFiles = made + (search.data.map { [(SearchIndex.path, $0)] } ?? [])
            var writer: SiteWriter?
            if let spareInode, let differing = state.differing {
                writer = try write(changedFiles, differing: differing, spareInode: spareInode, context: context)
            } else {
                try SiteWriter.replaceInPlace(changedFiles, in: variant.output)
            }
            lap("write \(made.count + (search.data == nil ? 0 : 1)) file\(made.count + (search.data == nil ? 0 : 1) == 1 ? "" : "s") and put the site in place")

            var next = state
            for file in files { next.stamps[file] = inputs.markdownStamps[file] }
            next.differing = writer?.freshFiles
            next.fileDiagnostics = edits.fileDiagnostics
            next.linkDiagnostics = links
            next.search = search.layout
            next.site = edits.site
            if let output = BuildRecord.inode(of: variant.output) {
                let spareNow = spare.flatMap(BuildRecord.inode(of:))
                if (spareNow == nil) == (writer == nil) {
                    (next.outputInode, next.spareInode) = (output, spareNow ?? 0)
                    _ = next.appendPages(edits.positions, to: location)
                }
            }
            let diagnostics = Diagnostic.sortedForReport(Array(problems))
            let recordLocation = BuildRecord.location(root: context.layout.root, output: variant.output)
            if let key = inputs.key, let inode = BuildRecord.inode(of: variant.output) {
                BuildRecord(key: key, outputInode: inode, pagesWritten: state.pagesWritten, sites: 1, files: context.files,
                            pastedText: state.pastedText, diagnostics: diagnostics).write(to: recordLocation)
            } else {
                try? FileManager.default.removeItem(at: recordLocation)
            }
            lap("keep the state")
            // What the patch held goes with the process (see `BuildRequest.endsProcess`).
            if request.endsProcess { _ = Unmanaged.passRetained(KeptUntilExit((state, edits, scratch))) }
            context.patched = BuildResult(
                diagnostics: diagnostics, pagesWritten: state.pagesWritten, milliseconds: 0, timings: [], outcome: .success,
                output: variant.output, sites: 1, filesRead: markdown.count, filesCopied: site.assets.count,
                pastedText: state.pastedText, title: variant.title, language: context.siteConfig.language,
                basePath: variant.basePath, content: context.layout.content, pagesRendered: made.count
            )
        } catch let declined as Declined {
            lap("not patched: " + declined.reason)
        } catch {
            lap("not patched: \(error.localizedDescription)")
        }
        context.timingsOfPatch = timings
    }

    /// Reads and renders the edited files and puts their pages into `site`: each must differ
    /// from its last page at most inside its body, with no error (no warning under --strict).
    private static func readEdits(_ files: [Int], of markdown: [ContentFile], into site: Site, state: BuildState,
                                  renderer: TemplateRenderer, context: BuildContext) throws -> Edits {
        let request = context.request
        let reader = PageReader(layout: context.layout, config: context.siteConfig)
        var parsed: [(page: Page, diagnostics: [Diagnostic])] = []
        for file in files {
            let read = reader.read(markdown[file])
            guard let page = read.value, !page.isDraft || request.drafts else { throw Declined("an edited file is unreadable or a draft") }
            parsed.append((page, read.diagnostics))
        }
        var edits = Edits(site: site, files: files, positions: [], fileDiagnostics: state.fileDiagnostics)
        let names = site.config.platforms
        for (file, (item, result)) in zip(files, zip(parsed, render(parsed.map(\.page), context: context, excluded: []))) {
            var page = result.value
            if !renderer.layouts.contains(page.layout) {
                guard !renderer.brokenLayouts.contains(page.layout) else { throw Declined("an edited page's layout is broken") }
                page.layout = "page"
            }
            let position = state.pageOfFile[file]
            guard let last = state.wholePage(position) else { throw Declined("the state's pages cannot be read") }
            guard page.sameOutsideBody(as: last) else { throw Declined("an edited file changed more than its body (title, front matter, criteria, layout, acceptance criteria under headings)") }
            let diagnostics = item.diagnostics + result.diagnostics
            guard !diagnostics.contains(where: { $0.severity == .error || (request.strict && $0.severity == .warning) }) else {
                throw Declined("an edited file has errors")
            }
            edits.fileDiagnostics[file] = diagnostics
            edits.site.pages[position] = page
            edits.positions.append(position)
            edits.last.append(last)
            if page.body.headings.map(\.id) != last.body.headings.map(\.id) { edits.idsChanged = true }
            if page.body.links != last.body.links { edits.linksChanged.append(position) }
            if SearchIndex.platforms(of: page, names: names) != SearchIndex.platforms(of: last, names: names) { edits.platformsChanged = true }
        }
        return edits
    }

    /// Every page's link problems: the last build's, with the edited pages' checked again when
    /// their links changed, or every page's when heading ids came or went (other pages may
    /// link to them; their links are then read from the state).
    private static func linkProblems(_ edits: inout Edits, state: BuildState) throws -> [[Diagnostic]] {
        var problems = state.linkDiagnostics
        guard edits.idsChanged || !edits.linksChanged.isEmpty else { return problems }
        if edits.idsChanged {
            for index in edits.site.pages.indices where !edits.positions.contains(index) {
                guard let whole = state.wholePage(index) else { throw Declined("the state's pages cannot be read") }
                edits.site.pages[index] = whole
            }
        }
        let checker = LinkChecker(site: edits.site, assets: Set(edits.site.assets.map(\.relativePath)))
        if edits.idsChanged {
            problems = Array(edits.site.pages.indices).concurrentMap { checker.check($0) }
        } else {
            for position in edits.linksChanged { problems[position] = checker.check(position) }
        }
        return problems
    }

    /// Writes the state of a command-line build of the full site that put its output in place,
    /// for the next build to patch (see `patchLastBuild`).
    static func keepState(_ context: BuildContext) {
        guard let recording = context.stateRecording, let inputs = context.inputs, let site = context.site,
              context.writers.count == 1, let writer = context.writers.first, let search = recording.search,
              recording.linkDiagnostics.count == site.pages.count,
              let outputInode = BuildRecord.inode(of: writer.output) else { return }
        let spare = SiteWriter.sparePath(for: writer.output)
        let spareInode = spare.flatMap(BuildRecord.inode(of:))
        let markdown = context.files.filter { $0.kind == .markdown }
        guard recording.parseDiagnostics.count == markdown.count else { return }
        var pageByPath: [String: Int] = [:]
        for (index, page) in site.pages.enumerated() where !page.contentPath.isEmpty { pageByPath[page.contentPath] = index }
        let fileDiagnostics = markdown.indices.map { index in
            recording.parseDiagnostics[index] + (recording.markdownDiagnostics[markdown[index].relativePath] ?? [])
        }
        var perPage = Set<Diagnostic>()
        for list in fileDiagnostics { perPage.formUnion(list) }
        for list in recording.linkDiagnostics { perPage.formUnion(list) }
        let files = writer.writtenFiles
        // The spare site is the output this build replaced: it differs from the new one in the
        // files written fresh and in those it has that the new one lacks, which the last state
        // lists, or else a walk of the spare finds (a second build, or one after a failed build).
        // Without a spare (the first build into a folder), a patch replaces files in place.
        var differing: [String]?
        if let spare, spareInode != nil {
            let previous = recording.previousFiles ?? FileWriting.files(below: spare.path).filter { $0 != SiteWriter.markerName }
            let current = Set(files)
            differing = Array(Set(writer.freshFiles).union(previous.filter { !current.contains($0) })).sorted()
        }
        let location = BuildState.location(root: context.layout.root, output: writer.output)
        var state = BuildState(
            settings: inputs.settings, outputInode: outputInode, spareInode: spareInode ?? 0, stamps: inputs.markdownStamps,
            pageOfFile: markdown.map { pageByPath[$0.relativePath] ?? -1 }, fileDiagnostics: fileDiagnostics,
            linkDiagnostics: recording.linkDiagnostics, otherDiagnostics: context.diagnostics.filter { !perPage.contains($0) },
            site: site, files: files, differing: differing, search: search, pagesWritten: context.pagesWritten,
            pastedText: context.parsed.filter(\.isPastedText).count
        )
        state.writeWithPages(to: location, encoded: recording.pagesFile)
        BuildState.removeOthers(besides: location)
    }
}
