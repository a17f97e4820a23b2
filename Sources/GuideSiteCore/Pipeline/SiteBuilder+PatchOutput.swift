import Foundation

/// What a patch writes: the edited pages, the search index with their entries replaced, and the
/// spare site brought up to date and swapped in.
extension SiteBuilder {
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
    /// where its entries now are. Only the entries' bytes are read until one differs.
    static func patchedSearchIndex(_ edits: Edits, state: BuildState, file: URL, basePath: String) throws
        -> (layout: SearchIndex.Layout, data: Data?) {
        let layout = state.search
        var patched = layout
        let slots = edits.positions.compactMap { position in layout.order.firstIndex(of: position).map { (position, $0) } }
        guard !slots.isEmpty else { return (layout, nil) }
        guard let handle = try? FileHandle(forReadingFrom: file), (try? handle.seekToEnd()) == UInt64(layout.size) else {
            throw Declined("the search index is not the one the state describes")
        }
        defer { try? handle.close() }
        let maker = SearchIndex.maker(for: edits.site, order: layout.order, basePath: basePath)
        var data: Data?
        // Later entries first, so the earlier ranges stay where the layout says.
        for (position, slot) in slots.sorted(by: { $0.1 > $1.1 }) {
            let entry = maker.entry(edits.site.pages[position]).bytes
            let range = layout.range(of: slot)
            if data == nil {
                try? handle.seek(toOffset: UInt64(range.lowerBound))
                if let current = try? handle.read(upToCount: range.count), current.elementsEqual(entry) { continue }
                try? handle.seek(toOffset: 0)
                guard let whole = try? handle.readToEnd(), whole.count == layout.size else {
                    throw Declined("the search index is not the one the state describes")
                }
                data = whole
            }
            guard data![range] != Data(entry) else { continue }
            data!.replaceSubrange(range, with: entry)
            patched.size += entry.count - layout.lengths[slot]
            patched.lengths[slot] = entry.count
        }
        return (patched, data)
    }

    /// Makes the spare site the last one again (the files known to differ, linked from it),
    /// writes `files` into it and puts it in place.
    static func write(_ files: [(file: String, data: Data)], differing: [String], spareInode: UInt64,
                              context: BuildContext) throws -> SiteWriter {
        var layout = context.layout
        layout.output = context.variants[0].output
        let request = context.request
        guard case .success(var writer) = SiteWriter.prepare(layout: layout, force: request.force,
                                                             preserving: keptFolders(context.variants[0], request: request)) else {
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
