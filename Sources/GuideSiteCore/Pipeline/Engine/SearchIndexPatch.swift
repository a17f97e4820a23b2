import Foundation

/// The last search index with the edited pages' entries replaced, without making the others again.
enum SearchIndexPatch {
    /// The search index with the edited pages' entries replaced (nil data: the same bytes), and
    /// where its entries now are. The last index is the output's file under the site's `prefix`
    /// (`output`: the run's first site's), in memory or on disk.
    static func patched(_ site: Site, edits: EditSummary, state: LastBuild, output: URL, prefix: String = "") throws
        -> (layout: SearchIndex.Layout, data: Data?) {
        let layout = state.search
        var patched = layout
        let slots = edits.positions.compactMap { position in layout.order.firstIndex(of: position).map { (position, $0) } }
        guard !slots.isEmpty else { return (layout, nil) }
        guard var data = lastIndex(state, output: output, prefix: prefix) else {
            throw Basis.Declined("the search index is not the one the state describes")
        }
        let maker = SearchIndex.maker(for: site, order: layout.order)
        var changed = false
        // Later entries first, so the earlier ranges stay where the layout says.
        for (position, slot) in slots.sorted(by: { $0.1 > $1.1 }) {
            let entry = maker.entry(site.pages[position]).bytes
            let range = layout.range(of: slot)
            guard !data[range].elementsEqual(entry) else { continue }
            data.replaceSubrange(range, with: entry)
            patched.size += entry.count - layout.lengths[slot]
            patched.lengths[slot] = entry.count
            changed = true
        }
        return (patched, changed ? data : nil)
    }

    /// The index of a site linked anew that kept every page's address (a title edit): the last
    /// index's entries in the new order, the edited pages' made again; nil when the tables
    /// before the entries changed (a section, category or criterion came or went), as their
    /// positions are what entries hold.
    static func relinked(_ site: Site, edits: EditSummary, state: LastBuild, output: URL, prefix: String = "") -> SearchIndex.Parts? {
        let layout = state.search
        guard let data = lastIndex(state, output: output, prefix: prefix) else { return nil }
        var slots: [Int: Range<Int>] = [:]
        var start = layout.head
        for (index, length) in zip(layout.order, layout.lengths) {
            slots[index] = start..<(start + length)
            start += length + 1
        }
        let edited = Set(edits.positions), reusable = slots
        let parts = SearchIndex.parts(for: site) { index in
            guard !edited.contains(index), let range = reusable[index] else { return nil }
            return JSONWriter.Fragment(bytes: Array(data[range]))
        }
        guard data.prefix(layout.head).elementsEqual(parts.head.utf8),
              data.suffix(layout.size - max(start - 1, layout.head)).elementsEqual(parts.tail.utf8) else { return nil }
        return parts
    }

    /// The last index: the output's file under the site's `prefix`, when its size is the state's.
    private static func lastIndex(_ state: LastBuild, output: URL, prefix: String) -> Data? {
        let last = state.memory.map { $0.output[prefix + SearchIndex.path] } ?? (try? Data(contentsOf: output.appending(path: prefix + SearchIndex.path)))
        guard let data = last, data.count == state.search.size else { return nil }
        return data
    }
}
