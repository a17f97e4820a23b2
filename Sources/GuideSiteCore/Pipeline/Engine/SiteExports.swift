import Foundation

/// The site-wide files made and written on other threads while pages are rendered: their
/// single-threaded parts (sorting, joining, one large string each, 30 MB written at 10,000
/// entries) then overlap the page work on both cores.
final class SiteExports: @unchecked Sendable {
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var searchLayout: SearchIndex.Layout?
    private var madeParts: ExportParts?
    private var madeLayout: ExportLayout?
    private var madeSearch: SearchParts?
    private var taken = 0
    private var failure: (any Error)?

    /// `keepingParts`: keep each page's part for the next build (`parts`), `locating`: where each
    /// is in the files (`layout`, for the state on disk); `reusing`: take the
    /// parts of the pages not edited from the last build's; `search`: the index made from the
    /// last one, when it can be, else (`searchAnew`) from the pages, or (pages without their
    /// HTML) declined; `pieces`: the index's pieces as changes to the last build's, when they
    /// can be; `lastPieces`: the pieces of the index `writer` holds from the last build;
    /// `splicing`: writes criteria.json and the acceptance files as the last build's with the
    /// edited pages' parts replaced, when it can (`ExportSplice`); `requiringReuse`: the pages
    /// not edited hold only what lists show (a site linked on disk), so their parts are taken or
    /// the patch declines. `overLast`: `writer` holds the last build's files, so a file this site
    /// no longer has (the support results, when no page has any) is removed.
    /// Made from the last index (`search`: a title edit, few pages to render), the search index
    /// and the other files are made side by side, the build's longest work; in a full build
    /// one after the other beside the rendering (side by side, the peak memory rose 8-10%).
    init(site: Site, basePath: String, writer: any SiteOutput, keepingParts: Bool = false, locating: Bool = false,
         reusing last: (@Sendable () -> ExportParts.Reuse?)? = nil,
         searchAnew: Bool = true, search: (@Sendable () -> SearchIndex.Parts?)? = nil,
         pieces: (@Sendable (SearchIndex.Parts) -> SearchShards.Changes?)? = nil, lastPieces: (@Sendable () -> Set<String>)? = nil,
         splicing: (@Sendable () throws -> (layout: ExportLayout, taken: Int)?)? = nil, requiringReuse: Bool = false, overLast: Bool = false) {
        let exports: @Sendable () -> Void = { [self] in
            attempt {
                if let spliced = try splicing?() {
                    (taken, madeLayout) = (spliced.taken, locating ? spliced.layout : nil)
                    try Self.writeOthers(site: site, basePath: basePath, writer: writer, overLast: overLast)
                    return
                }
                let reuse = last?()
                if requiringReuse, reuse == nil { throw Basis.Declined("the export files are not the ones the state describes") }
                taken = reuse.map { reuse in site.pages.count { !reuse.edited.contains($0.route.path) && reuse.parts.criteria[$0.route.path] != nil } } ?? 0
                do {
                    (madeParts, madeLayout) = try Self.writeExports(site: site, basePath: basePath, writer: writer, keepingParts: keepingParts,
                                                                    locating: locating, reusing: reuse, requiringReuse: requiringReuse, overLast: overLast)
                } catch let failure as AcceptanceExport.NotReusable {
                    throw Basis.Declined("the acceptance part of \(failure.path), not edited, is not the last build's")
                }
            }
        }
        let index: @Sendable () -> Void = { [self] in
            attempt {
                // Each page's part kept (the preview) is taken again where the page is the same.
                let parts = keepingParts ? { last?()?.parts.search } : nil
                (searchLayout, madeSearch) = try Self.writeSearch(site: site, writer: writer, searchAnew: searchAnew, search: search, pieces: pieces,
                                                                  lastPieces: lastPieces, parts: parts)
                // Patched from the last index: the last parts stand for every page still the same.
                if madeSearch == nil { madeSearch = parts?() }
            }
        }
        if search == nil {
            DispatchQueue.global(qos: .userInitiated).async(group: group) { exports(); index() }
        } else {
            DispatchQueue.global(qos: .userInitiated).async(group: group, execute: exports)
            DispatchQueue.global(qos: .userInitiated).async(group: group, execute: index)
        }
    }

    private func attempt(_ work: () throws -> Void) {
        do {
            try work()
        } catch {
            lock.lock()
            // The first failure is reported; the search's wins, as it may be a decline.
            if failure == nil || error is Basis.Declined { failure = error }
            lock.unlock()
        }
    }

    private static func writeExports(site: Site, basePath: String, writer: any SiteOutput, keepingParts: Bool, locating: Bool,
                                     reusing last: ExportParts.Reuse?, requiringReuse: Bool, overLast: Bool) throws -> (ExportParts?, ExportLayout?) {
        var reuse: (@Sendable (String) -> JSONWriter.Fragment?)?
        if let last { reuse = { path in last.criterion(path) } }
        // Each file's bytes are let go once written; the parts only when kept.
        var kept: ExportParts?
        var criteria = CriteriaExport.json(for: site, basePath: basePath, reusing: reuse, keepingParts: keepingParts, locating: locating)
        var sizes = [ExportLayout.criteriaPath: criteria.bytes.count]
        try writer.write(bytes: criteria.bytes, to: ExportLayout.criteriaPath)
        criteria.bytes = []
        let acceptance = try AcceptanceExport.files(of: site, basePath: basePath, reusing: last?.parts.acceptance, edited: last?.edited ?? [],
                                                    requiringReuse: requiringReuse, keepingParts: keepingParts, locating: locating) { path, bytes in
            try writer.write(bytes: bytes, to: path)
            sizes[path] = bytes.count
        }
        if keepingParts { kept = ExportParts(criteria: criteria.parts, acceptance: acceptance) }
        var located = acceptance
        located.byPath = [:]
        let layout = locating ? ExportLayout(criteria: criteria.ranges, acceptance: located, sizes: sizes) : nil
        try writeOthers(site: site, basePath: basePath, writer: writer, overLast: overLast)
        return (kept, layout)
    }

    /// The exports made whole every time: the coverage and the support results.
    private static func writeOthers(site: Site, basePath: String, writer: any SiteOutput, overLast: Bool) throws {
        if let path = SitePaths.coverageCSV(in: site) { try writer.write(CoverageExport.csv(for: site, basePath: basePath), to: path) }
        if let support = SupportExport.files(for: site, basePath: basePath, today: BuildDate.today) {
            try writer.write(support.json, to: SitePaths.supportJSON)
            try writer.write(support.csv, to: SitePaths.supportCSV)
        } else if overLast {
            try writer.remove(SitePaths.supportJSON)
            try writer.remove(SitePaths.supportCSV)
        }
    }

    /// `parts`: with each page's part kept, the last build's parts (`SearchParts`).
    private static func writeSearch(site: Site, writer: any SiteOutput, searchAnew: Bool, search: (@Sendable () -> SearchIndex.Parts?)?,
                                    pieces: (@Sendable (SearchIndex.Parts) -> SearchShards.Changes?)?,
                                    lastPieces: (@Sendable () -> Set<String>)?,
                                    parts last: (() -> SearchParts?)?) throws -> (SearchIndex.Layout, SearchParts?) {
        var documents: [SearchDocument]?
        var levels: [SearchParts.Levels]?
        var kept: SearchParts?
        var made = search?()
        if made == nil, searchAnew, let last {
            let parts = SearchIndex.parts(for: site, reusing: last())
            (documents, levels, kept) = (parts.made.map(\.document), parts.made.map(\.levels), parts)
            made = SearchIndex.parts(for: site, entries: parts.made.map(\.entry))
        } else if made == nil, searchAnew {
            documents = SearchIndex.documents(for: site)
            made = SearchIndex.parts(for: site, documents: documents)
        }
        guard var parts = made else {
            throw Basis.Declined("the search index's tables changed (a section, category or criterion came or went), and its entries need every page's text")
        }
        made = nil
        // The changes read the last build's files: before any is written.
        let changes = documents == nil ? pieces?(parts) : nil
        try writer.write(bytes: parts.bytes, to: SearchIndex.path)
        let layout = parts.layout
        if let changes {
            for file in changes.files { try writer.write(file.data, to: file.path) }
            for path in changes.removed { try writer.remove(path) }
            return (layout, nil)
        }
        // Made from the last index's entries (a title edit on disk, whose pages have no HTML):
        // the pieces from those entries too.
        if documents == nil {
            documents = parts.entries.concurrentMap { SearchDocument(fragment: $0) }
                .compactMap { $0 }
            if documents?.count != parts.entries.count { throw Basis.Declined("the last search index's entries cannot be read back") }
        }
        // The whole index's entries are let go before the pieces are made.
        parts.entries = []
        var written = Set<String>()
        try SearchIndex.writeShards(for: site, documents: documents, levels: levels) { path, data in
            try writer.write(data, to: path)
            written.insert(path)
        }
        for path in (lastPieces?() ?? []).subtracting(written).sorted() { try writer.remove(path) }
        return (layout, kept)
    }

    /// Waits until `criteria.json` and `search/index.json` are written; returns where each
    /// entry of the search index sits, or throws what stopped the writing.
    @discardableResult
    func wait() throws -> SearchIndex.Layout? {
        group.wait()
        if let failure { throw failure }
        return searchLayout
    }

    /// How many pages' parts of criteria.json and the acceptance files were taken again, once written.
    var partsTaken: Int {
        group.wait()
        return taken
    }

    /// Each page's parts, once written (with `keepingParts`).
    var parts: ExportParts? {
        group.wait()
        guard var parts = madeParts else { return nil }
        parts.search = madeSearch
        return parts
    }

    /// Where each page's parts are in the files, once written (with `locating`).
    var layout: ExportLayout? {
        group.wait()
        return madeLayout
    }
}

/// Each page's part of criteria.json and of the acceptance files, by the page's path: the
/// preview keeps them, and a site linked anew with every page where it was (a title edit)
/// takes those of the pages not edited instead of making them again.
struct ExportParts: Sendable {
    var criteria: [String: JSONWriter.Fragment]
    var acceptance: AcceptanceExport.Parts
    /// Each searchable page's part of the search index, when the index was made anew.
    var search: SearchParts?

    /// The parts to take: every page's but the `edited` paths'.
    struct Reuse: Sendable {
        let parts: ExportParts
        let edited: Set<String>

        func criterion(_ path: String) -> JSONWriter.Fragment? {
            edited.contains(path) ? nil : parts.criteria[path]
        }
    }
}
