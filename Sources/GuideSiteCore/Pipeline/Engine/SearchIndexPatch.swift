import Foundation

/// The last search index with the edited pages' entries replaced, without making the others again.
enum SearchIndexPatch {
    /// The search index with the edited pages' entries replaced (nil data: the same bytes), and
    /// where its entries now are. The last index is the output's file under the site's `prefix`
    /// (`output`: the run's first site's), in memory or on disk.
    /// `shards` are the pieces of the index (`SearchShards`) to write.
    static func patched(_ site: Site, edits: EditSummary, state: LastBuild, output: URL, prefix: String = "") throws
        -> (layout: SearchIndex.Layout, data: Data?, shards: SearchShards.Changes) {
        let layout = state.search
        var patched = layout
        let slots = edits.positions.compactMap { position in layout.order.firstIndex(of: position).map { (position, $0) } }
        guard !slots.isEmpty else { return (layout, nil, SearchShards.Changes(files: [], removed: [])) }
        guard let last = lastIndex(state, output: output, prefix: prefix) else {
            throw Basis.Declined("the search index is not the one the state describes")
        }
        var data = last
        let maker = SearchIndex.maker(for: site, order: layout.order)
        var old: [Int: SearchDocument] = [:], new: [Int: SearchDocument] = [:]
        // Later entries first, so the earlier ranges stay where the layout says.
        for (position, slot) in slots.sorted(by: { $0.1 > $1.1 }) {
            let document = maker.document(site.pages[position])
            let entry = JSONWriter.compactFragment(document.json).bytes
            let range = layout.range(of: slot)
            guard !data[range].elementsEqual(entry) else { continue }
            old[slot] = Self.document(in: data, range: range)
            new[slot] = document
            data.replaceSubrange(range, with: entry)
            patched.size += entry.count - layout.lengths[slot]
            patched.lengths[slot] = entry.count
        }
        guard !new.isEmpty else { return (layout, nil, SearchShards.Changes(files: [], removed: [])) }
        guard old.count == new.count else { throw Basis.Declined("the search index's entries cannot be read back") }
        do {
            let shards = try SearchShards.patch(
                old: old, new: new, count: layout.order.count, tables: SearchIndex.tables(for: site, maker: maker),
                document: { slot in Self.document(in: last, range: layout.range(of: slot)) },
                read: { path in lastFile(state, output: output, path: prefix + path) })
            return (patched, data, shards)
        } catch let failure as SearchShards.CannotPatch {
            throw Basis.Declined(failure.reason)
        }
    }

    /// The entry of index `data` at `range`, read back.
    private static func document(in data: Data, range: Range<Int>) -> SearchDocument? {
        (try? JSONSerialization.jsonObject(with: data[range])).flatMap(SearchDocument.init(json:))
    }

    /// The index of a site linked anew (a title edit, files added or removed): the last
    /// index's entries in the new order, the edited pages' made again. When a section,
    /// category or criterion came or went, the positions the entries hold are moved to the new
    /// tables (`SearchShards.Tables.positions(in:)`); nil when an entry cannot be read back or
    /// moved, or the index is not the one the state describes.
    static func relinked(_ site: Site, edits: EditSummary, state: LastBuild, output: URL, prefix: String = "") -> SearchIndex.Parts? {
        let layout = state.search
        guard let data = lastIndex(state, output: output, prefix: prefix) else { return nil }
        var ranges: [Int: Range<Int>] = [:]
        var start = layout.head
        for (index, length) in zip(layout.order, layout.lengths) {
            ranges[index] = start..<(start + length)
            start += length + 1
        }
        let slots = ranges
        // (An entry is the last site's page at the same place, or, when files came or went, at the same address.)
        let edited = Set(edits.positions + edits.added)
        let order = SearchablePages.searchable(site)
        let tables = SearchIndex.tables(for: site, maker: SearchIndex.maker(for: site, order: order))
        let moves = lastTables(state, output: output, prefix: prefix).flatMap { $0 == tables ? nil : $0.positions(in: tables) }
        let kept = order.concurrentMap { index -> (Int, JSONWriter.Fragment?)? in
            guard !edited.contains(index), let last = edits.lastIndex(of: index), let range = slots[last] else { return nil }
            let fragment = JSONWriter.Fragment(bytes: Array(data[range]))
            guard let moves else { return (index, fragment) }
            return (index, SearchDocument(fragment: fragment).flatMap(moves.moved).map { JSONWriter.compactFragment($0.json) })
        }
        var taken: [Int: JSONWriter.Fragment] = [:]
        for case let (index, fragment)? in kept {
            // A document that cannot be read back or moved: its page, on disk, has no text to make it from.
            guard let fragment else { return nil }
            taken[index] = fragment
        }
        let reused = taken
        let parts = SearchIndex.parts(for: site) { reused[$0] }
        // The same tables: the last index's head and tail are this one's.
        guard moves != nil || (data.prefix(layout.head).elementsEqual(parts.head.utf8)
              && data.suffix(layout.size - max(start - 1, layout.head)).elementsEqual(parts.tail.utf8)) else { return nil }
        return parts
    }

    /// The tables of the last index's pieces (its `meta.js`), nil when they cannot be read.
    private static func lastTables(_ state: LastBuild, output: URL, prefix: String) -> SearchShards.Tables? {
        lastFile(state, output: output, path: prefix + SearchShards.metaPath).flatMap(SearchShards.Tables.init(meta:))
    }

    /// The last index: the output's file under the site's `prefix`, when its size is the state's.
    private static func lastIndex(_ state: LastBuild, output: URL, prefix: String) -> Data? {
        guard let data = lastFile(state, output: output, path: prefix + SearchIndex.path), data.count == state.search.size else { return nil }
        return data
    }

    /// The pieces of the index `parts` (made by `relinked`) as changes to the last build's: the
    /// documents numbered anew, the edited ones made again; nil when they cannot be (the whole
    /// index's pieces are made then).
    static func relinkedPieces(_ site: Site, edits: EditSummary, state: LastBuild, output: URL, prefix: String,
                               parts: SearchIndex.Parts) -> SearchShards.Changes? {
        let layout = state.search
        let tables = SearchIndex.tables(for: site, maker: SearchIndex.maker(for: site, order: parts.order))
        // Filters are by position in the tables, and every document's positions moved with them.
        guard edits.lastPosition == nil, layout.order.count == parts.order.count, let last = lastIndex(state, output: output, prefix: prefix),
              lastTables(state, output: output, prefix: prefix) == tables else { return nil }
        let slots = Dictionary(parts.order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let renumber = layout.order.compactMap { slots[$0] }
        guard renumber.count == layout.order.count else { return nil }
        func now(_ slot: Int) -> SearchDocument? {
            SearchDocument(fragment: parts.entries[slot])
        }
        var old: [Int: SearchDocument] = [:], new: [Int: SearchDocument] = [:]
        for position in edits.positions {
            guard let lastSlot = layout.order.firstIndex(of: position), let slot = slots[position] else { continue }
            guard let before = document(in: last, range: layout.range(of: lastSlot)), let after = now(slot) else { return nil }
            (old[slot], new[slot]) = (before, after)
        }
        return try? SearchShards.patch(
            old: old, new: new, renumber: renumber, count: parts.order.count, tables: tables, document: now, read: { path in lastFile(state, output: output, path: prefix + path) })
    }

    /// The pieces of the last search index (`SearchShards`) under the site's `prefix`: those a
    /// new whole index does not make are left out.
    static func lastPieces(_ state: LastBuild, output: URL, prefix: String) -> Set<String> {
        lastFile(state, output: output, path: prefix + SearchShards.metaPath).flatMap(SearchShards.pieces(ofMeta:)) ?? []
    }

    /// The last build's file at `path`, in memory or on disk.
    private static func lastFile(_ state: LastBuild, output: URL, path: String) -> Data? {
        state.memory.map { $0.output[path] } ?? (try? Data(contentsOf: output.appending(path: path)))
    }
}
