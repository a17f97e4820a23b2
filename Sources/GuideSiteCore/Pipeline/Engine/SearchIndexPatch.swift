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
        let last = state.memory.map { $0.output[prefix + SearchIndex.path] } ?? (try? Data(contentsOf: output.appending(path: prefix + SearchIndex.path)))
        guard var data = last, data.count == layout.size else {
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
}
