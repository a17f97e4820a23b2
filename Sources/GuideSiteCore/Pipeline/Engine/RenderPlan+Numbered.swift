/// The keys of a long list's numbered pages (`Pagination`): each page of a list shows the list
/// page's own values, its number among how many, and its slice of the list, so an edit that
/// changes one entry's title renders again the pages showing that entry, not the whole list.
extension RenderPlan {
    /// For each list page at `lists`, a key per numbered page, from 1; `made`: the items of
    /// lists already made (`ListPages.splitItems`).
    func numberedKeys(of lists: [Int], made: [Int: [Int]] = [:]) -> [Int: [Int]] {
        let settings = site.config.pagination
        var result: [Int: [Int]] = [:]
        for index in lists {
            let items = made[index] ?? ListPages.items(of: index, in: site)
            let count = settings.pageCount(items: items.count)
            let own = key(for: index, position: nil, withList: false)
            // The search page's letters link every first letter to the page it starts on.
            var letters = Hasher()
            if site.pages[index].kind == .search {
                for run in SearchLetters(site: site, pages: items).runs { letters.combine(run.letter); letters.combine(run.position) }
            }
            let lettersKey = letters.finalize()
            result[index] = (1...count).map { number in
                var hasher = Hasher()
                hasher.combine(own)
                hasher.combine(number)
                hasher.combine(count)
                // Each page says how many items the whole list has.
                hasher.combine(items.count)
                hasher.combine(lettersKey)
                // A translations table's rows are sources, which its own key reads whole.
                if site.pages[index].kind != .translations {
                    for item in items[settings.range(of: number, items: items.count)] {
                        hasher.combine(summary(of: item))
                        hasher.combine(links(of: item))
                    }
                }
                return hasher.finalize()
            }
        }
        return result
    }

    /// The numbers of the pages of the list at `index` to render again: those whose key moved,
    /// or all of them (nil) when the last keys do not say.
    static func numbersToRender(_ index: Int, before: Keys?, after: Keys) -> Set<Int>? {
        guard let old = before?.numbered[index], let new = after.numbered[index], old.count == new.count else { return nil }
        return Set(new.indices.filter { old[$0] != new[$0] }.map { $0 + 1 })
    }
}
