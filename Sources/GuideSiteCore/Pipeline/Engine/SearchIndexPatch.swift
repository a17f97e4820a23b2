import Foundation

/// The last search index with the edited pages' entries replaced, without making the others again.
enum SearchIndexPatch {
    /// The search index with the edited pages' entries replaced (nil data: the same bytes), and
    /// where its entries now are. On disk, only the entries' bytes are read until one differs.
    static func patched(_ site: Site, edits: EditSummary, state: LastBuild, output: URL, basePath: String) throws
        -> (layout: SearchIndex.Layout, data: Data?) {
        let layout = state.search
        var patched = layout
        let slots = edits.positions.compactMap { position in layout.order.firstIndex(of: position).map { (position, $0) } }
        guard !slots.isEmpty else { return (layout, nil) }
        let source = try SearchIndexSource(state: state, file: output.appending(path: SearchIndex.path), size: layout.size)
        let maker = SearchIndex.maker(for: site, order: layout.order, basePath: basePath)
        var data: Data?
        // Later entries first, so the earlier ranges stay where the layout says.
        for (position, slot) in slots.sorted(by: { $0.1 > $1.1 }) {
            let entry = maker.entry(site.pages[position]).bytes
            let range = layout.range(of: slot)
            if data == nil {
                if source.bytes(range)?.elementsEqual(entry) == true { continue }
                guard let whole = source.whole() else { throw Basis.Declined("the search index is not the one the state describes") }
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
                    throw Basis.Declined("the search index is not the one the state describes")
                }
                (memory, handle) = (data, nil)
                return
            }
            guard let handle = try? FileHandle(forReadingFrom: file), (try? handle.seekToEnd()) == UInt64(size) else {
                throw Basis.Declined("the search index is not the one the state describes")
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

}
