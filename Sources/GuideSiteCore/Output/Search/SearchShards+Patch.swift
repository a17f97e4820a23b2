import Foundation

/// The pieces of the index that change when a few documents change: the term files of the
/// terms they had or have, read back and written again (or left out, emptied); their `d/`
/// files; the filters they joined or left; `meta.js` when a term file comes or goes. After a
/// title edit the documents are numbered anew (by title): every term file and filter is read
/// back with its numbers changed, and the `d/` files of the documents that moved are made
/// again. The same bytes `files(documents:tables:)` makes, since a posting depends on its
/// document alone.
extension SearchShards {
    /// The pieces to write; `old` and `new` are the edited documents by their number now,
    /// `renumber` each last number's number now (nil: the same), `document` any document by
    /// its number now, `read` the last build's piece at a path; with more than `limit` documents
    /// numbered anew, every term file is read back. Throws `CannotPatch` when a
    /// piece cannot be read back.
    static func patch(old: [Int: SearchDocument], new: [Int: SearchDocument], renumber: [Int]? = nil, count: Int, tables: Tables,
                      document: (Int) -> SearchDocument?, read: (String) -> Data?, movedTermsUpTo limit: Int = movedTermsUpTo) throws -> Changes {
        let names = tables.criterionNames
        let newLevels = new.mapValues { $0.levels(criteria: names) }
        let lastMeta = read(metaPath).flatMap { value(of: $0, name: "meta") as? [String: Any] }
        guard let listed = (lastMeta?["keys"] as? String).map({ Set($0.split(separator: " ").map(String.init)) }) else { throw unreadable(metaPath) }
        let moved = renumber.map { numbers in numbers.indices.filter { numbers[$0] != $0 } } ?? []
        guard renumber.map({ $0.count == count && Set($0) == Set(0..<count) }) ?? true else { throw CannotPatch(reason: "documents came or went") }
        func now(_ number: Int) -> Int { renumber?[number] ?? number }
        var keys = Set<String>()
        // An edited document that kept its number changes the postings of the terms whose level
        // changed; one numbered anew, those of all its terms.
        let movedNow = Set(moved.map(now))
        var changed: [[String: Int]] = []
        for (number, levels) in newLevels {
            let before = old[number]?.levels(criteria: names) ?? [:]
            if movedNow.contains(number) {
                changed += [before, levels]
            } else {
                changed.append(levels.filter { before[$0.key] != $0.value })
                changed.append(before.filter { levels[$0.key] == nil })
            }
        }
        // Numbered anew: the term files of the documents that moved hold numbers that change;
        // with many moved, reading every file costs less than finding their terms.
        if moved.count > limit {
            keys = listed
        } else {
            for number in moved where new[now(number)] == nil {
                guard let document = document(now(number)) else { throw unreadable(documentsPath(now(number) / groupSize)) }
                changed.append(document.levels(criteria: names))
            }
        }
        for levels in changed {
            for term in levels.keys { keys.insert(SearchText.key(of: term)) }
        }
        var files: [(path: String, data: Data)] = []
        var added: [String] = [], emptied: [String] = []
        for key in keys.sorted() {
            var terms: [String: SearchPostings.List] = [:]
            var common = Set<String>()
            let last = read(termPath(key))
            if let last {
                guard let value = Self.value(of: last, name: termName(key)) as? [String: Any] else { throw unreadable(termPath(key)) }
                for (term, entry) in value {
                    guard let pair = entry as? [Any], pair.count == 2, let list = SearchPostings.decode(pair[1]) else { throw unreadable(termPath(key)) }
                    terms[term] = list.map { (now($0.document), $0.level) }.filter { new[$0.0] == nil }
                    if SearchPostings.isCommon(list.count, of: count) { common.insert(term) }
                }
            }
            for (document, levels) in newLevels {
                for (term, level) in levels where SearchText.key(of: term) == key { terms[term, default: []].append((document, level)) }
            }
            terms = terms.filter { !$0.value.isEmpty }.mapValues { $0.sorted { $0.document < $1.document } }
            // A common word's levels were kept in bands: were it rare now, they are lost.
            if common.contains(where: { !SearchPostings.isCommon(terms[$0]?.count ?? 0, of: count) }) {
                throw CannotPatch(reason: "a word in many documents is in fewer now")
            }
            if terms.isEmpty {
                if last != nil { emptied.append(key) }
                continue
            }
            if last == nil { added.append(key) }
            let data = termFile(key, terms: terms, documents: count)
            if data != last { files.append((termPath(key), data)) }
        }
        if !added.isEmpty || !emptied.isEmpty {
            files.append((metaPath, metaFile(count: count, tables: tables, keys: listed.union(added).subtracting(emptied).sorted())))
        }
        for group in Set(new.keys.map { $0 / groupSize } + moved.map { now($0) / groupSize }).sorted() {
            let members = try (group * groupSize..<min(count, (group + 1) * groupSize)).map { number in
                guard let member = new[number] ?? document(number) else { throw unreadable(documentsPath(group)) }
                return member
            }
            let data = documentsFile(group, members)
            if data != read(documentsPath(group)) { files.append((documentsPath(group), data)) }
        }
        for filter in Filter.all(tables) where !moved.isEmpty || new.contains(where: { number, document in old[number].map(filter.holds) != filter.holds(document) }) {
            guard let last = read(filter.path), let set = value(of: last, name: filter.name) as? String,
                  let members = SearchPostings.decode([1, set]) else { throw unreadable(filter.path) }
            var documents = Set(members.map { now($0.document) })
            for (number, document) in new {
                if filter.holds(document) { documents.insert(number) } else { documents.remove(number) }
            }
            let data = filterFile(filter, members: documents.sorted())
            if data != last { files.append((filter.path, data)) }
        }
        return Changes(files: files, removed: emptied.map(termPath))
    }

    /// Up to how many documents numbered anew the term files are found from their terms.
    static let movedTermsUpTo = 400

    /// The pieces to write, and those to leave out (term files no document needs any more).
    struct Changes {
        var files: [(path: String, data: Data)]
        var removed: [String]
    }

    /// Why the pieces cannot be patched: the whole index is made again.
    struct CannotPatch: Error {
        var reason: String
    }

    private static func unreadable(_ path: String) -> CannotPatch {
        CannotPatch(reason: "the last build's \(path) is not the one its record describes")
    }
}
