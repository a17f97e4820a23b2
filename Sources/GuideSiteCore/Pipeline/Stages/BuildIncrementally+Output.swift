import Foundation

/// What a patch writes: the edited pages, the search index with their entries replaced, and the
/// spare site brought up to date and swapped in.
extension BuildIncrementally {
    /// The edited pages rendered, and the search page when its platform filter changed.
    static func render(_ edits: Edits, renderer: TemplateRenderer, basePath: String) throws -> [(file: String, data: Data)] {
        let site = edits.site
        var positions = edits.positions
        if edits.platformsChanged, let search = site.search {
            let searchable = SearchIndex.searchable(site)
            var before = site
            for (position, last) in zip(edits.positions, edits.last) { before.pages[position] = last }
            if SearchIndex.platformsPresent(in: searchable, of: site) != SearchIndex.platformsPresent(in: searchable, of: before) {
                positions.append(search)
            }
        }
        let builder = PageContextBuilder(site: site, basePath: basePath, precomputeLinks: false)
        return try positions.map { position in
            guard let html = renderer.renderBytes(builder.context(for: position), layout: site.pages[position].layout) else {
                throw Declined("a layout did not render")
            }
            return (site.pages[position].route.file, Data(html))
        }
    }

    /// The search index with the edited pages' entries replaced (nil data: the same bytes), and
    /// where its entries now are. On disk, only the entries' bytes are read until one differs.
    static func patchedSearchIndex(_ edits: Edits, state: LastBuild, output: URL, basePath: String) throws
        -> (layout: SearchIndex.Layout, data: Data?) {
        let layout = state.search
        var patched = layout
        let slots = edits.positions.compactMap { position in layout.order.firstIndex(of: position).map { (position, $0) } }
        guard !slots.isEmpty else { return (layout, nil) }
        let source = try SearchIndexSource(state: state, file: output.appending(path: SearchIndex.path), size: layout.size)
        let maker = SearchIndex.maker(for: edits.site, order: layout.order, basePath: basePath)
        var data: Data?
        // Later entries first, so the earlier ranges stay where the layout says.
        for (position, slot) in slots.sorted(by: { $0.1 > $1.1 }) {
            let entry = maker.entry(edits.site.pages[position]).bytes
            let range = layout.range(of: slot)
            if data == nil {
                if source.bytes(range)?.elementsEqual(entry) == true { continue }
                guard let whole = source.whole() else { throw Declined("the search index is not the one the state describes") }
                data = whole
            }
            guard data![range] != Data(entry) else { continue }
            data!.replaceSubrange(range, with: entry)
            patched.size += entry.count - layout.lengths[slot]
            patched.lengths[slot] = entry.count
        }
        return (patched, data)
    }

    /// The last search index: the output's file in memory, or on disk read as needed.
    private struct SearchIndexSource {
        let memory: Data?
        let handle: FileHandle?

        init(state: LastBuild, file: URL, size: Int) throws {
            if let kept = state.memory {
                guard let data = kept.output[SearchIndex.path], data.count == size else {
                    throw Declined("the search index is not the one the state describes")
                }
                (memory, handle) = (data, nil)
                return
            }
            guard let handle = try? FileHandle(forReadingFrom: file), (try? handle.seekToEnd()) == UInt64(size) else {
                throw Declined("the search index is not the one the state describes")
            }
            (memory, self.handle) = (nil, handle)
        }

        func bytes(_ range: Range<Int>) -> Data? {
            if let memory { return memory[range] }
            try? handle?.seek(toOffset: UInt64(range.lowerBound))
            return try? handle?.read(upToCount: range.count)
        }

        func whole() -> Data? {
            if let memory { return memory }
            try? handle?.seek(toOffset: 0)
            defer { try? handle?.close() }
            return try? handle?.readToEnd()
        }
    }

    /// Puts the patch in place on disk and keeps the state and the record of what it made. The
    /// state goes before any file changes: a build killed from then on leaves none, and the
    /// next build is a full one.
    static func write(_ files: [(file: String, data: Data)], next: inout LastBuild, basis: Basis, location: URL,
                      inputs: BuildRecord.Inputs, context: BuildContext) throws {
        let output = context.variant.output
        LastBuild.remove(at: location)
        let spare = SiteWriter.sparePath(for: output)
        var writer: SiteWriter?
        if let spareInode = spare.flatMap(BuildRecord.inode(of:)), let differing = basis.last.differing {
            writer = try write(files, differing: differing, spareInode: spareInode, context: context)
        } else {
            try SiteWriter.replaceInPlace(files, in: output)
        }
        for file in basis.edited { next.stamps[file] = inputs.markdownStamps[file] }
        next.differing = writer?.freshFiles
        if let inode = BuildRecord.inode(of: output) {
            let spareNow = spare.flatMap(BuildRecord.inode(of:))
            if (spareNow == nil) == (writer == nil) {
                (next.outputInode, next.spareInode) = (inode, spareNow ?? 0)
                _ = next.appendPages(basis.edited.map { basis.last.pageOfFile[$0] }, to: location)
            }
        }
        var problems = Set(next.otherDiagnostics)
        for list in next.fileDiagnostics { problems.formUnion(list) }
        for list in next.linkDiagnostics { problems.formUnion(list) }
        let recordLocation = BuildRecord.location(root: context.layout.root, output: output)
        if let key = inputs.key, let inode = BuildRecord.inode(of: output) {
            BuildRecord(key: key, outputInode: inode, pagesWritten: next.pagesWritten, sites: 1, files: context.files,
                        pastedText: next.pastedText, diagnostics: Diagnostic.sortedForReport(Array(problems))).write(to: recordLocation)
        } else {
            try? FileManager.default.removeItem(at: recordLocation)
        }
    }

    /// Makes the spare site the last one again (the files known to differ, linked from it),
    /// writes `files` into it and puts it in place.
    static func write(_ files: [(file: String, data: Data)], differing: [String], spareInode: UInt64,
                              context: BuildContext) throws -> SiteWriter {
        var layout = context.layout
        layout.output = context.variants[0].output
        let request = context.request
        guard case .success(var writer) = SiteWriter.prepare(layout: layout, force: request.force,
                                                             preserving: PlanSites.keptFolders(context.variants[0], request: request)) else {
            throw Declined("the output folder cannot be prepared")
        }
        // The live site's subsets/ goes into the new one at commit; the spare never holds one.
        guard writer.reusing, BuildRecord.inode(of: writer.staging) == spareInode,
              request.allSubsets || !FileManager.default.fileExists(atPath: writer.staging.appending(path: "subsets").path) else {
            writer.discard()
            throw Declined("the spare folder is not the one the last build left")
        }
        writer.holdsOnlyWrittenFiles = true
        writer.listsFiles = true
        do {
            try writer.takeLive(differing)
            for (file, data) in files { try writer.write(data, to: file) }
            try writer.commit()
        } catch {
            // Nothing was put in place: the folder is kept as the spare (its files are checked
            // before reuse) and the build goes the usual way.
            writer.discard()
            throw Declined("could not write: \(error.localizedDescription)")
        }
        return writer
    }
}
