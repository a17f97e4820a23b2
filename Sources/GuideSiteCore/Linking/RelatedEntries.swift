/// Up to five entries sharing the most categories and criteria with each entry, ties broken by
/// title, then address. What each entry's list reads: the lists of the categories and criteria it
/// has (their first `candidateLimit` entries) and those entries' titles; with the site linked
/// before from the same pages at the same places, only the entries whose reads moved are
/// computed again (a title edit at 10,000 entries computed every entry's, a third of linking).
enum RelatedEntries {
    /// Each shared key contributes at most this many candidates, so a category holding every
    /// entry does not make the work quadratic.
    static let candidateLimit = 200

    /// The related entries of every entry of `site`, by page index. `byCategory`, `byCriterion`:
    /// each category's entries and each criterion's citing pages, in reading order. `last`: the
    /// site linked before, whose lists (`Site.categories`, `criterionPages`) and `related` stand
    /// for every entry whose reads did not move, when its pages are at the same places.
    static func of(_ site: Site, byCategory: [String: [Int]], byCriterion: [String: [Int]], last: Site? = nil) -> [Int: [Int]] {
        let isEntry = site.pages.map { $0.kind == .entry }
        var entries = site.pages.indices.filter { isEntry[$0] }
        var result: [Int: [Int]] = [:]
        if let last, let stale = stale(site, byCategory: byCategory, byCriterion: byCriterion, last: last) {
            entries = entries.filter(stale.contains)
            result = last.related.filter { !stale.contains($0.key) }
            guard !entries.isEmpty else { return result }
        }
        let found = computed(entries, site: site, isEntry: isEntry, byCategory: byCategory, byCriterion: byCriterion)
        for (position, index) in entries.enumerated() where !found[position].isEmpty { result[index] = found[position] }
        return result
    }

    /// The entries whose list may differ from `last`'s: those in a category or criterion whose
    /// list moved (an entry joined, left or moved in it) or whose candidates include a page whose
    /// title changed. Nil when the pages are not at the same places (every list is computed).
    private static func stale(_ site: Site, byCategory: [String: [Int]], byCriterion: [String: [Int]], last: Site) -> Set<Int>? {
        guard last.pages.count == site.pages.count else { return nil }
        var retitled = Set<Int>()
        for (index, (old, new)) in zip(last.pages, site.pages).enumerated() {
            guard old.route == new.route, old.kind == new.kind else { return nil }
            if old.title != new.title { retitled.insert(index) }
        }
        var stale = Set<Int>()
        let lastByCategory = Dictionary(last.categories.map { ($0.slug, $0.entries) }, uniquingKeysWith: { first, _ in first })
        for (lists, lastLists) in [(byCategory, lastByCategory), (byCriterion, last.criterionPages)] {
            for key in Set(lists.keys).union(lastLists.keys) {
                let (new, old) = (lists[key] ?? [], lastLists[key] ?? [])
                if new != old || new.prefix(candidateLimit).contains(where: retitled.contains) {
                    stale.formUnion(new)
                    stale.formUnion(old)
                }
            }
        }
        return stale
    }

    /// The lists of `entries`, in their order.
    private static func computed(_ entries: [Int], site: Site, isEntry: [Bool], byCategory: [String: [Int]], byCriterion: [String: [Int]]) -> [[Int]] {
        // Ties go by title, then route: each page's rank in that order, so comparing two
        // candidates compares two numbers (comparing titles was most of this stage's time).
        let titles = site.pages.map { $0.title.lowercased() }
        let order = site.pages.indices.sorted {
            titles[$0] != titles[$1] ? titles[$0] < titles[$1] : site.pages[$0].route < site.pages[$1].route
        }
        let rank = {
            var rank = [Int32](repeating: 0, count: order.count)
            for (position, index) in order.enumerated() { rank[index] = Int32(position) }
            return rank
        }()
        // Each key's candidates once (its first `candidateLimit` pages, entries only), not once
        // for every entry that has the key.
        let candidates = { (pages: [Int]) in pages.prefix(candidateLimit).filter { isEntry[$0] }.map(Int32.init) }
        let categoryCandidates = byCategory.mapValues(candidates), criterionCandidates = byCriterion.mapValues(candidates)
        let lists = entries.map { index in
            Set(site.pages[index].frontMatter.categories.map(Slug.make)).sorted().compactMap { categoryCandidates[$0] }
                + site.pages[index].criteria.compactMap { criterionCandidates[$0.number] }
        }
        // Scores live in one array per chunk of entries, indexed by page, and are cleared through
        // the list of pages touched: no dictionary per entry (a tenth of a 10,000-entry link stage).
        let chunkSize = max(1, (entries.count + 31) / 32)
        let chunks = stride(from: 0, to: entries.count, by: chunkSize).map { $0..<min($0 + chunkSize, entries.count) }
        return chunks.concurrentMap { range -> [[Int]] in
            var scores = [Int32](repeating: 0, count: site.pages.count)
            var touched = [Int32](repeating: 0, count: site.pages.count)
            var results: [[Int]] = []
            results.reserveCapacity(range.count)
            scores.withUnsafeMutableBufferPointer { scores in
                touched.withUnsafeMutableBufferPointer { touched in
                    for position in range {
                        let index = Int32(entries[position])
                        var touchedCount = 0
                        for list in lists[position] {
                            list.withUnsafeBufferPointer { list in
                                for other in list where other != index {
                                    if scores[Int(other)] == 0 {
                                        touched[touchedCount] = other
                                        touchedCount += 1
                                    }
                                    scores[Int(other)] += 1
                                }
                            }
                        }
                        // The five best by score, then title, then route, as one number each
                        // (the score above the rank, counted down), kept by a bounded insertion.
                        var best: [UInt64] = []
                        best.reserveCapacity(6)
                        for slot in 0..<touchedCount {
                            let other = Int(touched[slot])
                            let key = UInt64(scores[other]) << 32 | UInt64(UInt32.max - UInt32(rank[other]))
                            scores[other] = 0
                            guard best.count < 5 || key > best[best.count - 1] else { continue }
                            let at = best.firstIndex { key > $0 } ?? best.count
                            best.insert(key, at: at)
                            if best.count > 5 { best.removeLast() }
                        }
                        results.append(best.map { order[Int(UInt32.max - UInt32(truncatingIfNeeded: $0))] })
                    }
                }
            }
            return results
        }.flatMap { $0 }
    }
}
