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

    static func patchLastBuild(_ context: inout BuildContext) {
        let clock = ContinuousClock()
        var began = clock.now
        var timings: [(String, Double)] = []
        func lap(_ name: String) {
            timings.append(("patch: " + name, milliseconds(clock.now - began)))
            began = clock.now
        }
        // Why not, for --timings.
        func decline(_ reason: String) {
            lap("not patched: " + reason)
            context.timingsOfPatch = timings
        }
        let request = context.request
        guard context.memoryOutput == nil, !request.check, !request.fresh, context.variants.count == 1,
              let variant = context.variants.first, variant.subset == nil, let inputs = context.inputs,
              context.stateRecording != nil else { return }
        let markdown = context.files.filter { $0.kind == .markdown }
        let location = BuildState.location(root: context.layout.root, output: variant.output)
        guard let state = BuildState.read(from: location, settings: inputs.settings) else {
            return decline("no state of the last build with these settings, binary and theme")
        }
        guard let spare = SiteWriter.sparePath(for: variant.output),
              let outputInode = BuildRecord.inode(of: variant.output), let spareInode = BuildRecord.inode(of: spare),
              state.outputInode == outputInode, state.spareInode == spareInode, let differing = state.differing,
              state.stamps.count == markdown.count, differing.count <= 4096,
              state.unusedBytes <= (state.records.last?.upperBound ?? 0) / 4 else {
            return decline("the output or spare folder is not the one the last build left")
        }
        lap("read the last build's state")
        let edited = markdown.indices.filter { inputs.markdownStamps[$0] == nil || inputs.markdownStamps[$0] != state.stamps[$0] }
        guard !edited.isEmpty, edited.count <= patchLimit, edited.allSatisfy({ state.pageOfFile[$0] >= 0 }) else { return decline("not a few edited Markdown files (files added, removed or many edited; or an edited file was a draft or unreadable)") }

        var site = state.site
        site.config = context.config
        site.assets = context.files.filter { $0.kind == .asset }
        var scratch = context
        scratch.pages = site.pages.filter { !$0.contentPath.isEmpty }
        loadTheme(&scratch)
        guard let renderer = scratch.renderer, scratch.theme != nil, !scratch.hasErrors else { return decline("the theme has problems") }

        // Read and render the edited files; every one must differ from its last page at most
        // inside its body, with no error (and no warning under --strict).
        let reader = PageReader(layout: context.layout, config: context.config)
        var parsed: [(file: Int, page: Page, diagnostics: [Diagnostic])] = []
        for file in edited {
            let read = reader.read(markdown[file])
            guard let page = read.value, !page.isDraft || request.drafts else { return decline("an edited file is unreadable or a draft") }
            parsed.append((file, page, read.diagnostics))
        }
        let rendered = render(parsed.map(\.page), context: scratch, excluded: [])
        var fileDiagnostics = state.fileDiagnostics
        var positions: [Int] = []
        var linksChanged: [Int] = []
        var idsChanged = false
        var platformsChanged = false
        for (item, result) in zip(parsed, rendered) {
            var page = result.value
            if !renderer.layouts.contains(page.layout) {
                guard !renderer.brokenLayouts.contains(page.layout) else { return decline("an edited page's layout is broken") }
                page.layout = "page"
            }
            let position = state.pageOfFile[item.file]
            guard let last = state.wholePage(position), page.sameOutsideBody(as: last) else { return decline("an edited file changed more than its body (title, front matter, criteria, layout)") }
            let diagnostics = item.diagnostics + result.diagnostics
            guard !diagnostics.contains(where: { $0.severity == .error || (request.strict && $0.severity == .warning) }) else { return decline("an edited file has errors") }
            fileDiagnostics[item.file] = diagnostics
            let before = last.body
            site.pages[position] = page
            positions.append(position)
            if page.body.headings.map(\.id) != before.headings.map(\.id) { idsChanged = true }
            let names = site.config.platforms
            if SearchIndex.platforms(of: page, names: names) != SearchIndex.platforms(of: last, names: names) { platformsChanged = true }
            if idsChanged || page.body.links != before.links { linksChanged.append(position) }
        }
        lap("read and render \(parsed.count) edited file\(parsed.count == 1 ? "" : "s")")

        // Links: only the edited pages' own can change, unless their heading ids did.
        var linkDiagnostics = state.linkDiagnostics
        if !linksChanged.isEmpty {
            let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)))
            if idsChanged {
                // Other pages' links may point to the ids that came or went: every page's
                // links are read and checked again.
                for index in site.pages.indices where !positions.contains(index) {
                    guard let whole = state.wholePage(index) else { return decline("the state's pages cannot be read") }
                    site.pages[index] = whole
                }
                let checker = LinkChecker(site: site, assets: Set(site.assets.map(\.relativePath)))
                linkDiagnostics = Array(site.pages.indices).concurrentMap { checker.check($0) }
            } else {
                for position in linksChanged { linkDiagnostics[position] = checker.check(position) }
            }
        }
        var problems = Set(state.otherDiagnostics)
        for list in fileDiagnostics { problems.formUnion(list) }
        for list in linkDiagnostics { problems.formUnion(list) }
        guard !problems.contains(where: { $0.severity == .error || (request.strict && $0.severity == .warning) }) else { return decline("the site has errors") }
        lap("check links")

        // The edited pages and the search index, made before anything is written; the search
        // page too when the platforms entries have sections for may have changed (its filter).
        let builder = PageContextBuilder(site: site, basePath: context.basePath, precomputeLinks: false)
        var pagesMade: [(file: String, html: String)] = []
        var rendering = positions
        if platformsChanged, let search = site.search {
            let searchable = SearchIndex.searchable(site)
            var before = site
            for (item, position) in zip(parsed, positions) { before.pages[position] = state.wholePage(position) ?? item.page }
            if SearchIndex.platformsPresent(in: searchable, of: site) != SearchIndex.platformsPresent(in: searchable, of: before) {
                rendering.append(search)
            }
        }
        for position in rendering {
            guard let html = renderer.render(builder.context(for: position), layout: site.pages[position].layout) else { return decline("a layout did not render") }
            pagesMade.append((site.pages[position].route.file, html))
        }
        var searchLengths = state.searchLengths
        var searchSize = state.searchSize
        var searchIndex: Data?
        let layout = SearchIndex.Layout(order: state.searchOrder, lengths: state.searchLengths, head: state.searchHead, size: state.searchSize)
        let slots = positions.compactMap { position in state.searchOrder.firstIndex(of: position).map { (position, $0) } }
        if !slots.isEmpty {
            guard var bytes = try? Data(contentsOf: variant.output.appending(path: SearchIndex.path)), bytes.count == state.searchSize else { return decline("the search index is not the one the state describes") }
            let maker = SearchIndex.maker(for: site, order: state.searchOrder, basePath: context.basePath)
            // Later entries first, so earlier ranges stay where the layout says.
            for (position, slot) in slots.sorted(by: { $0.1 > $1.1 }) {
                let entry = maker.entry(site.pages[position]).bytes
                let range = layout.range(of: slot)
                if bytes[range].elementsEqual(entry) { continue }
                bytes.replaceSubrange(range, with: entry)
                searchSize += entry.count - searchLengths[slot]
                searchLengths[slot] = entry.count
                searchIndex = bytes
            }
        }
        lap("render \(rendering.count) page\(rendering.count == 1 ? "" : "s") and the search index")

        // The spare site becomes the last site again (the files known to differ, linked from
        // it), then takes the new files. The state goes first: a build killed from here on
        // leaves none, and the next build is a full one.
        BuildState.remove(at: location)
        var outputLayout = context.layout
        outputLayout.output = variant.output
        guard case .success(var writer) = SiteWriter.prepare(layout: outputLayout, force: request.force, preserving: request.allSubsets ? [] : ["subsets"]) else {
            return
        }
        // The live site's subsets/ goes into the new one at commit; the spare never holds one.
        guard writer.reusing, BuildRecord.inode(of: writer.staging) == spareInode,
              request.allSubsets || !FileManager.default.fileExists(atPath: writer.staging.appending(path: "subsets").path) else {
            writer.discard()
            return
        }
        writer.holdsOnlyWrittenFiles = true
        do {
            try writer.takeLive(differing)
            for page in pagesMade { try writer.write(text: page.html, to: page.file) }
            if let searchIndex { try writer.write(searchIndex, to: SearchIndex.path) }
            try writer.commit()
        } catch {
            // Nothing was put in place: the folder is kept as the spare (its files are checked
            // before reuse) and the build goes the usual way.
            writer.discard()
            return
        }
        lap("write \(pagesMade.count + (searchIndex == nil ? 0 : 1)) file\(pagesMade.count + (searchIndex == nil ? 0 : 1) == 1 ? "" : "s") and put the site in place")

        let diagnostics = Array(problems)
        var stamps = state.stamps
        for file in edited { stamps[file] = inputs.markdownStamps[file] }
        if let newOutput = BuildRecord.inode(of: variant.output), let newSpare = BuildRecord.inode(of: spare) {
            var next = state
            next.outputInode = newOutput
            next.spareInode = newSpare
            next.differing = writer.freshFiles
            next.stamps = stamps
            next.fileDiagnostics = fileDiagnostics
            next.linkDiagnostics = linkDiagnostics
            next.searchLengths = searchLengths
            next.searchSize = searchSize
            next.site = site
            _ = next.appendPages(positions, to: location)
        }
        let recordLocation = BuildRecord.location(root: context.layout.root, output: variant.output)
        if let key = inputs.key, let inode = BuildRecord.inode(of: variant.output) {
            BuildRecord(key: key, outputInode: inode, pagesWritten: state.pagesWritten, sites: 1, files: context.files,
                        pastedText: state.pastedText, diagnostics: diagnostics).write(to: recordLocation)
        } else {
            try? FileManager.default.removeItem(at: recordLocation)
        }
        lap("keep the state")

        // What the patch held goes with the process (see `BuildRequest.endsProcess`).
        if request.endsProcess { _ = Unmanaged.passRetained(KeptUntilExit((state, site, scratch))) }
        context.timingsOfPatch = timings
        context.patched = BuildResult(
            diagnostics: Diagnostic.sortedForReport(diagnostics), pagesWritten: state.pagesWritten, milliseconds: 0, timings: [],
            outcome: .success, output: variant.output, sites: 1, filesRead: markdown.count,
            filesCopied: site.assets.count, pastedText: state.pastedText, title: variant.title, language: context.siteConfig.language,
            basePath: variant.basePath, content: context.layout.content, pagesRendered: rendering.count
        )
    }

    /// Writes the state of a command-line build of the full site that put its output in place,
    /// for the next build to patch (see `patchLastBuild`).
    static func keepState(_ context: BuildContext) {
        guard let recording = context.stateRecording, let inputs = context.inputs, let site = context.site,
              context.writers.count == 1, let writer = context.writers.first, let search = recording.search,
              recording.linkDiagnostics.count == site.pages.count,
              let outputInode = BuildRecord.inode(of: writer.output), let spare = SiteWriter.sparePath(for: writer.output),
              let spareInode = BuildRecord.inode(of: spare) else { return }
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
        var differing: [String]?
        if let previous = recording.previousFiles {
            let current = Set(files)
            differing = Array(Set(writer.freshFiles).union(previous.filter { !current.contains($0) })).sorted()
        }
        let location = BuildState.location(root: context.layout.root, output: writer.output)
        var state = BuildState(
            settings: inputs.settings, outputInode: outputInode, spareInode: spareInode, stamps: inputs.markdownStamps,
            pageOfFile: markdown.map { pageByPath[$0.relativePath] ?? -1 }, fileDiagnostics: fileDiagnostics,
            linkDiagnostics: recording.linkDiagnostics, otherDiagnostics: context.diagnostics.filter { !perPage.contains($0) },
            site: site, files: files, differing: differing, searchOrder: search.order, searchLengths: search.lengths,
            searchHead: search.head, searchSize: search.size, pagesWritten: context.pagesWritten,
            pastedText: context.parsed.filter(\.isPastedText).count
        )
        state.writeWithPages(to: location, encoded: recording.pagesFile)
        BuildState.removeOthers(besides: location)
    }
}
