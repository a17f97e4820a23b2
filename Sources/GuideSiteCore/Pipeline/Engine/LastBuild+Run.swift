import Foundation

/// What every site of a run shares, kept once in `.guidesite-cache/`: the first site's state
/// holds the output's files, each Markdown file's stamp, path and problems, and the translation
/// table; the state of each other site names the run that wrote it and takes them from the
/// first's when read. (Written in each, they were four fifths of a subset's state, decoded and
/// encoded again by every patch.)
extension LastBuild {
    /// Whether each Markdown file has its stamp, page, path and problems.
    var holdsFiles: Bool {
        stamps.count == pageOfFile.count && stamps.count == fileDiagnostics.count && stamps.count == markdownPaths.count
    }

    /// This state of a site after the first, with what `first` (its run's first site's) holds
    /// for every site; nil when the two were not written by the same run.
    func sharing(_ first: LastBuild) -> LastBuild? {
        guard !holdsRun, first.holdsRun, run != 0, first.run == run else { return nil }
        var state = self
        (state.files, state.stamps, state.markdownPaths) = (first.files, first.stamps, first.markdownPaths)
        (state.fileDiagnostics, state.translations, state.assets, state.theme) = (first.fileDiagnostics, first.translations, first.assets, first.theme)
        (state.fileIncludes, state.includes) = (first.fileIncludes, first.includes)
        return state.holdsFiles ? state : nil
    }

    /// The files of the output the state at `url` describes, when that output is the folder
    /// with inode `outputInode` (whatever the settings; only the header's start is read).
    static func outputFiles(at url: URL, outputInode: UInt64?) -> [String]? {
        guard let outputInode, let data = try? Data(contentsOf: url) else { return nil }
        return data.withUnsafeBytes { raw -> [String]? in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var header = ByteReader(raw, offset: magic.count)
            do {
                _ = (try header.string(), try header.string(), try header.uint64())
                guard try header.bool(), try header.uint64() == outputInode else { return nil }
                _ = try header.uint64()
                return try header.strings()
            } catch {
                return nil
            }
        }
    }

    /// Removes the states of the other sites of a run beside `url` (the first site's), from
    /// site `from` on.
    static func removeSites(besides url: URL, from: Int = 1) {
        let folder = url.deletingLastPathComponent()
        let prefix = url.deletingPathExtension().lastPathComponent + ".site"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            let number = name.dropFirst(prefix.count).prefix { $0.isNumber }
            if let site = Int(number), site >= from { unlink(folder.path + "/" + name) }
        }
    }

    /// A token for the states one run writes, one for each of its sites.
    static func newRun() -> UInt64 {
        var run: UInt64 = 0
        while run == 0 { run = UInt64.random(in: 1...UInt64.max) }
        return run
    }
}

/// The first site's pages as read, by content path, for the other sites of its run: a page
/// recorded the same as the first site's page of its path, but for the body's identity that
/// leads the record and what only a rendered page reads that ends it, is that page with its own
/// identity, taken rather than decoded again. Most of a subset's pages are (those linking to a
/// page it leaves out differ by those two alone); decoding them was most of a patch's reading.
struct KnownPages: @unchecked Sendable {
    private let pages: [Page]
    private let records: [Range<Int>]
    private let data: MappedFile
    private let positions: [String: Int]

    init?(_ first: LastBuild) {
        guard let data = first.pagesData, first.records.count == first.site.pages.count else { return nil }
        (pages, records, self.data) = (first.site.pages, first.records, data)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() where !page.contentPath.isEmpty { positions[page.contentPath] = index }
        self.positions = positions
    }

    /// The page whose record is `record`, when the first site's page of its path is recorded
    /// the same between the identity and what only a page rendered again reads.
    func page(recorded record: UnsafeRawBufferPointer) -> Page? {
        guard let (identity, middle) = Self.middle(of: record) else { return nil }
        var reader = ByteReader(middle)
        guard (try? reader.string()) != nil, let path = try? reader.string(), let position = positions[path] else { return nil }
        let same = data.withUnsafeBytes { raw -> Bool in
            guard let theirs = Self.middle(of: UnsafeRawBufferPointer(rebasing: raw[records[position]]))?.middle,
                  theirs.count == middle.count else { return false }
            return middle.isEmpty || memcmp(theirs.baseAddress!, middle.baseAddress!, middle.count) == 0
        }
        guard same else { return nil }
        var page = pages[position]
        if page.body.identity != identity { page.body.identity = identity }
        return page
    }

    /// A page's record without its identity, which leads it, and its heavy part, which ends it
    /// (`ByteWriter.page`).
    private static func middle(of record: UnsafeRawBufferPointer) -> (identity: Digest128?, middle: UnsafeRawBufferPointer)? {
        var reader = ByteReader(record)
        do {
            let identity = try reader.optional { Digest128(high: try $0.uint64(), low: try $0.uint64()) }
            let heavy = try reader.uint64(), start = identity == nil ? 9 : 25
            guard heavy <= UInt64(record.count - start) else { return nil }
            return (identity, UnsafeRawBufferPointer(rebasing: record[start..<(record.count - Int(heavy))]))
        } catch {
            return nil
        }
    }
}
