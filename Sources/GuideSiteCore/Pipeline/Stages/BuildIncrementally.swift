import Foundation

/// The incremental engine: after edits inside a few entries' bodies, the last build
/// (`LastBuild`, in memory for `serve`, in `.guidesite-cache/` for `build`) stands for every
/// other page, so only the edited files are read, their Markdown and pages rendered, their
/// links checked and their search entries replaced, and only those files are written. Anything
/// else (a title, front matter, a new or removed file, site.yml, the theme, an error) makes it
/// decline before touching a file, and the stages run as usual. Its output equals a full
/// build's (tests compare them byte for byte).
enum BuildIncrementally: BuildStage {
    static let name = "build incrementally"

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

    /// The last build and the walk positions of the files edited since.
    struct Basis {
        var last: LastBuild
        var edited: [Int]
        /// On disk: where the state lives and the build's inputs.
        var location: URL?
        var inputs: BuildRecord.Inputs?
    }

    static func run(_ context: inout BuildContext) {
        let clock = ContinuousClock()
        var began = clock.now
        var timings: [(String, Double)] = []
        func lap(_ name: String) {
            timings.append(("patch: " + name, SiteBuilder.milliseconds(clock.now - began)))
            began = clock.now
        }
        let request = context.request
        // On disk, only the full site keeps a state; in memory, the one site previewed.
        guard !request.check, !request.fresh, context.variants.count == 1, let variant = context.variants.first,
              variant.subset == nil || context.memoryOutput != nil else { return }
        context.variant = variant
        do {
            let basis = try context.memoryOutput == nil ? lastBuildOnDisk(context) : lastBuildInMemory(context)
            let state = basis.last
            lap("find the last build and the edits")
            let markdown = context.files.filter { $0.kind == .markdown }
            var site = state.site
            site.config = context.config
            site.assets = context.files.filter { $0.kind == .asset }
            // Into the build's own context: if the patch is not made, the theme stage has it.
            LoadTheme.run(&context)
            guard let renderer = context.renderer, context.theme != nil, !context.hasErrors else { throw Declined("the theme has problems") }
            var scratch = context
            scratch.pages = site.pages.filter { !$0.contentPath.isEmpty }
            var edits = try readEdits(basis.edited, of: markdown, into: site, state: state, renderer: renderer, context: scratch)
            lap("read and render \(basis.edited.count) edited file\(basis.edited.count == 1 ? "" : "s")")
            let links = try linkProblems(&edits, state: state)
            var problems = Set(state.otherDiagnostics)
            for list in edits.fileDiagnostics { problems.formUnion(list) }
            for list in links { problems.formUnion(list) }
            guard !problems.contains(where: { $0.severity == .error || (request.strict && $0.severity == .warning) }) else {
                throw Declined("the site has errors")
            }
            lap("check links")
            let made = try render(edits, renderer: renderer, basePath: context.basePath)
            let search = try patchedSearchIndex(edits, state: state, output: variant.output, basePath: context.basePath)
            lap("render \(made.count) page\(made.count == 1 ? "" : "s") and the search index")

            var next = state
            next.fileDiagnostics = edits.fileDiagnostics
            next.linkDiagnostics = links
            next.search = search.layout
            next.site = edits.site
            let changedFiles = made + (search.data.map { [(SearchIndex.path, $0)] } ?? [])
            if let memory = context.memoryOutput as? MemoryOutput, let kept = state.memory {
                memory.adopt(kept.output)
                for (file, data) in changedFiles { try memory.write(data, to: file) }
                next.memory?.output = memory.files
                // Stamps taken this time, or none (read again if the watcher cannot vouch next time).
                let stamps = KeepLastBuild.markdownStamps(context)
                for file in basis.edited where next.stamps.indices.contains(file) { next.stamps[file] = stamps[file] }
                context.kept = next
            } else if let location = basis.location, let inputs = basis.inputs {
                try write(changedFiles, next: &next, basis: basis, location: location, inputs: inputs, context: context)
            }
            lap("write \(changedFiles.count) file\(changedFiles.count == 1 ? "" : "s") and keep the last build")
            // What the patch held goes with the process (see `BuildRequest.endsProcess`).
            if request.endsProcess { _ = Unmanaged.passRetained(KeptUntilExit((state, edits, scratch))) }
            context.patched = BuildResult(
                diagnostics: Diagnostic.sortedForReport(Array(problems)), pagesWritten: state.pagesWritten, milliseconds: 0,
                timings: [], outcome: .success, output: variant.output, sites: 1, filesRead: markdown.count,
                filesCopied: site.assets.count, pastedText: state.pastedText, title: variant.title,
                language: context.siteConfig.language, basePath: variant.basePath, content: context.layout.content,
                pagesRendered: made.count
            )
        } catch let declined as Declined {
            lap("not patched: " + declined.reason)
        } catch {
            lap("not patched: \(error.localizedDescription)")
        }
        context.timingsOfPatch = timings
    }

    /// The last build `serve` holds, and the Markdown files the watcher reported, or, when it
    /// cannot vouch for them, those whose stamps moved in the same files as then.
    private static func lastBuildInMemory(_ context: BuildContext) throws -> Basis {
        guard let last = context.last, let memory = last.memory else { throw Declined("no last build in memory") }
        var edited: [Int] = []
        if let known = context.request.knownChanges, context.walkReused {
            for path in known {
                guard let position = memory.positions[path] else {
                    throw Declined("a change outside the entries' Markdown (site.yml, the theme, an include, a copied file)")
                }
                edited.append(position)
            }
        } else {
            guard context.files == memory.files, context.stamps.count == context.files.count else {
                throw Declined("files were added, removed or moved")
            }
            guard !last.settings.isEmpty, BuildRecord.inputs(for: context)?.settings == last.settings else {
                throw Declined("site.yml, the theme or an include changed, or was saved in the last two seconds")
            }
            let stamps = KeepLastBuild.markdownStamps(context)
            guard stamps.count == last.stamps.count else { throw Declined("files were added, removed or moved") }
            edited = stamps.indices.filter { stamps[$0] == nil || stamps[$0] != last.stamps[$0] }
            let others = zip(context.files, context.stamps).filter { $0.0.kind != .markdown }.map(\.1)
            guard others == memory.otherStamps, !others.contains(nil) else { throw Declined("a copied file changed") }
        }
        try check(edited.sorted(), of: last)
        return Basis(last: last, edited: edited.sorted())
    }

    /// The last build's state in `.guidesite-cache/`, and the Markdown files whose stamps moved.
    private static func lastBuildOnDisk(_ context: BuildContext) throws -> Basis {
        guard let inputs = context.inputs else { throw Declined("the inputs cannot be trusted by their stamps") }
        let output = context.variant.output
        let location = LastBuild.location(root: context.layout.root, output: output)
        guard let state = LastBuild.read(from: location, settings: inputs.settings) else {
            throw Declined("no state of the last build with these settings, binary and theme")
        }
        // With the spare site the last build left, the patch is put in place with the whole
        // site; without one (after a first build), its few files replace the live ones.
        let spareInode = SiteWriter.sparePath(for: output).flatMap(BuildRecord.inode(of:))
        guard state.spareInode == spareInode ?? 0, state.outputInode == BuildRecord.inode(of: output),
              spareInode == nil || (state.differing?.count ?? .max) <= 4096, state.stamps.count == inputs.markdownStamps.count,
              state.unusedBytes <= (state.records.last?.upperBound ?? 0) / 4 else {
            throw Declined("the output or spare folder is not the one the last build left")
        }
        let edited = inputs.markdownStamps.indices.filter { inputs.markdownStamps[$0] == nil || inputs.markdownStamps[$0] != state.stamps[$0] }
        try check(edited, of: state)
        return Basis(last: state, edited: edited, location: location, inputs: inputs)
    }

    private static func check(_ edited: [Int], of last: LastBuild) throws {
        guard !edited.isEmpty, edited.count <= patchLimit, edited.allSatisfy({ last.pageOfFile.indices.contains($0) && last.pageOfFile[$0] >= 0 }) else {
            throw Declined("not a few edited Markdown files (files added, removed or many edited, or an edited file was a draft or unreadable)")
        }
    }

    /// Reads and renders the edited files and puts their pages into `site`: each must differ
    /// from its last page at most inside its body, with no error (no warning under --strict).
    private static func readEdits(_ files: [Int], of markdown: [ContentFile], into site: Site, state: LastBuild,
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
        let rendered = RenderMarkdown.render(parsed.map(\.page), context: context, excluded: state.memory?.excluded ?? [])
        let limited = SiteAssembler.limiting(to: context.variant.subset?.levels ?? [])
        for (file, (item, result)) in zip(files, zip(parsed, rendered)) {
            var page = limited(result.value)
            // A subset's home page is the home of that guide (as the link stage makes it).
            if context.variant.subset != nil, page.kind == .home { page.title = context.variant.title }
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
    private static func linkProblems(_ edits: inout Edits, state: LastBuild) throws -> [[Diagnostic]] {
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
}
