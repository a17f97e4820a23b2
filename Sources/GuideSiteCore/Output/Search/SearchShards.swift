import Foundation

/// The search index in pieces, so a search loads kilobytes, not the whole index: each a script
/// (`GuideSite.searchData(name, value);`), as pages opened from disk may load scripts but not
/// fetch files. Under `search/`:
///
/// - `meta.js`: the number of documents, the tables (sections, categories, platforms,
///   criteria) and the keys of the term files;
/// - `t/wKEY.js`: the terms that begin with KEY (`SearchText.key`), each with its number of
///   documents and its postings (`SearchPostings`);
/// - `d/N.js`: what results show of documents 4N to 4N+3 (title, address, facts, excerpt);
/// - `f/sN.js`, `f/cN.js`, `f/pN.js`: the documents of each section, category and platform.
///
/// Documents are numbered in the index's order (by title), so ties and filter-only lists come
/// out A to Z. Every piece is a function of the documents alone: a build that changed a few
/// documents (`SearchShards+Patch`) rewrites the pieces they are in and nothing else.
enum SearchShards {
    static let format = "guidesite-search-shards/1"
    /// Documents per `d/` file: a result list's first ten load at most ten small files.
    static let groupSize = 4
    /// The fields of each document in `d/` files.
    static let documentFields = SearchablePages.resultFields.map(\.name)

    /// Every piece of the index of `documents`.
    static func files(documents: [SearchDocument], tables: Tables, run: Int = Runs.size) -> [(path: String, data: Data)] {
        var files: [(path: String, data: Data)] = []
        write(documents: documents, tables: tables, run: run) { files.append(($0, $1)) }
        return files
    }

    /// Every piece of the index of `documents`, given to `write` as each is made: the words of
    /// documents in runs, let go once their postings are taken (at 100,000 documents, hundreds
    /// of megabytes held at once otherwise), `run` at a time.
    /// `levels`: each document's, when made already (`SearchParts`).
    static func write(documents: [SearchDocument], levels known: [SearchParts.Levels]? = nil, tables: Tables, run: Int = Runs.size,
                      to write: (String, Data) throws -> Void) rethrows {
        let names = tables.criterionNames
        // Each term's postings first, then the terms by file: a key is made once a term, not
        // once an occurrence.
        var postings: [String: SearchPostings.List] = [:]
        for start in stride(from: 0, to: documents.count, by: run) {
            let range = start..<min(documents.count, start + run)
            let levels = known.map { Array($0[range]) } ?? documents[range].map { $0 }.concurrentMap { Array($0.levels(criteria: names)) }
            for (offset, terms) in levels.enumerated() {
                for (term, level) in terms { postings[term, default: []].append((start + offset, level)) }
            }
        }
        var buckets: [String: [String: SearchPostings.List]] = [:]
        for (term, list) in postings { buckets[SearchText.key(of: term), default: [:]][term] = list }
        postings = [:]
        let keys = buckets.keys.sorted(), made = buckets
        buckets = [:]
        for (path, data) in keys.concurrentMap({ key in (termPath(key), termFile(key, terms: made[key]!, documents: documents.count)) }) {
            try write(path, data)
        }
        try write(metaPath, metaFile(count: documents.count, tables: tables, keys: keys))
        for group in stride(from: 0, to: documents.count, by: groupSize) {
            let members = documents[group..<min(documents.count, group + groupSize)]
            try write(documentsPath(group / groupSize), documentsFile(group / groupSize, Array(members)))
        }
        for filter in Filter.all(tables) {
            let members = documents.indices.filter { filter.holds(documents[$0]) }
            try write(filter.path, filterFile(filter, members: members))
        }
    }

    static let metaPath = SearchablePages.searchMetaPath

    static func termPath(_ key: String) -> String { "search/" + termName(key) + ".js" }

    /// A term file's name: `w` before the key, so no file is `con.js`, `aux.js`, `nul.js` or
    /// `prn.js`, names Windows keeps for devices (a site copied there would lose them).
    static func termName(_ key: String) -> String { "t/w" + SearchText.fileName(of: key) }

    static func documentsPath(_ group: Int) -> String { "search/d/\(group).js" }

    /// A section, category or platform, as a filter of documents.
    struct Filter {
        var kind: Character
        var position: Int

        /// Its name in `GuideSite.searchData`, and its file.
        var name: String { "f/\(kind)\(position)" }
        var path: String { "search/\(name).js" }

        func holds(_ document: SearchDocument) -> Bool {
            switch kind {
            case "s": document.section == position
            case "c": document.categories.contains(position)
            default: document.platforms.contains(position)
            }
        }

        static func all(_ tables: Tables) -> [Filter] {
            tables.sections.indices.map { Filter(kind: "s", position: $0) } + tables.categories.indices.map { Filter(kind: "c", position: $0) }
                + tables.platforms.indices.map { Filter(kind: "p", position: $0) }
        }
    }

    static func metaFile(count: Int, tables: Tables, keys: [String]) -> Data {
        script("meta", .object([
            ("format", .string(format)), ("count", .int(count)), ("group", .int(groupSize)),
            ("fields", .array(documentFields.map { .string($0) })),
            ("sections", .array(tables.sections.map { .array($0.map { .string($0) }) })),
            ("categories", .array(tables.categories.map { .array($0.map { .string($0) }) })),
            ("platforms", .array(tables.platforms.map { .string($0) })),
            ("criteria", .array(tables.criteria.map { .array($0.map { .string($0) }) })),
            ("keys", .string(keys.joined(separator: " "))),
        ]))
    }

    static func termFile(_ key: String, terms: [String: SearchPostings.List], documents: Int) -> Data {
        script(termName(key), .object(terms.keys.sorted().map { term in
            (term, .array([.int(terms[term]!.count), SearchPostings.encode(SearchPostings.stored(terms[term]!, documents: documents))]))
        }))
    }

    static func documentsFile(_ group: Int, _ documents: [SearchDocument]) -> Data {
        script("d/\(group)", .array(documents.map { document in
            .array([.string(document.title), .string(document.href), .int(document.section), .ints(document.categories),
                    .ints(document.platforms), .ints(document.criteria), .string(document.excerpt)])
        }))
    }

    static func filterFile(_ filter: Filter, members: [Int]) -> Data {
        script(filter.name, .string(String(decoding: SearchPostings.bitset(members), as: UTF8.self)))
    }

    static func script(_ name: String, _ value: JSONValue) -> Data {
        var bytes = Array(scriptHead(name).utf8)
        bytes += JSONWriter.compactFragment(value).bytes
        bytes += Array(");\n".utf8)
        return Data(bytes)
    }

    static func scriptHead(_ name: String) -> String {
        "GuideSite.searchData(" + JSONWriter.compact(name) + ","
    }

    /// Every piece the index whose `meta.js` is `meta` has; nil when it cannot be read.
    static func pieces(ofMeta meta: Data) -> Set<String>? {
        guard let value = value(of: meta, name: "meta") as? [String: Any], let keys = value["keys"] as? String,
              let count = value["count"] as? Int, let group = value["group"] as? Int, group > 0,
              let sections = value["sections"] as? [Any], let categories = value["categories"] as? [Any],
              let platforms = value["platforms"] as? [Any] else { return nil }
        var paths: Set<String> = [metaPath]
        for key in keys.split(separator: " ") { paths.insert(termPath(String(key))) }
        for number in stride(from: 0, to: count, by: group) { paths.insert(documentsPath(number / group)) }
        for (kind, table) in [("s", sections), ("c", categories), ("p", platforms)] {
            for position in table.indices { paths.insert(Filter(kind: Character(kind), position: position).path) }
        }
        return paths
    }

    /// The value a piece holds, read back; nil when it is not a piece named `name`.
    static func value(of data: Data, name: String) -> Any? {
        let head = Array(scriptHead(name).utf8), tail = Array(");\n".utf8)
        guard data.count >= head.count + tail.count, data.prefix(head.count).elementsEqual(head), data.suffix(tail.count).elementsEqual(tail) else {
            return nil
        }
        return try? JSONSerialization.jsonObject(with: data.dropFirst(head.count).dropLast(tail.count), options: [.fragmentsAllowed])
    }
}
