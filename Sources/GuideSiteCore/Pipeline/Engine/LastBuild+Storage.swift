import Foundation

/// How the last build is kept in `.guidesite-cache/` between `guidesite build` runs: a header
/// (the state) and a pages file of every page's record, appended to by patches.
extension LastBuild {
    // MARK: Writing

    /// Writes the pages file (every page's record, encoded on every core) and then the state.
    /// `encoded`: the pages file of `site.pages`, made beforehand (see `PagesFile`).
    mutating func writeWithPages(to url: URL, encoded: PagesFile? = nil) {
        let file = encoded?.wait() ?? PagesFile.encode(site.pages)
        guard file.records.count == site.pages.count else { return Self.remove(at: url) }
        let bytes = file.bytes
        records = file.records
        token = file.token
        unusedBytes = 0
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard Self.replace(Self.pagesLocation(url), with: bytes) else { return Self.remove(at: url) }
        writeState(to: url)
    }

    /// Appends the records of the pages at `positions` to the pages file (those whose record
    /// changed) and writes the state that points to them; false when the pages file is not the
    /// one this state was read with. When the records it leaves behind would pass a quarter of
    /// the file (a branch switch), the file is written again with only the live ones.
    mutating func appendPages(_ positions: [Int], to url: URL) -> Bool {
        let path = Self.pagesLocation(url)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) == pagesData?.count, let data = pagesData else { return false }
        var offset = Int(info.st_size)
        var bytes: [UInt8] = []
        var ranges = records
        var replaced = unusedBytes
        for position in positions {
            var writer = ByteWriter()
            writer.page(site.pages[position])
            if data.withUnsafeBytes({ $0[ranges[position]].elementsEqual(writer.bytes) }) { continue }
            replaced += ranges[position].count
            ranges[position] = offset..<(offset + writer.bytes.count)
            offset += writer.bytes.count
            bytes += writer.bytes
        }
        if replaced > offset / 4 { return compact(ranges, appended: bytes, to: data, at: url) }
        let written = bytes.withUnsafeBytes { buffer in Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
        guard written == bytes.count else { return false }
        (records, unusedBytes) = (ranges, replaced)
        writeState(to: url)
        return true
    }

    /// Writes a new pages file of every page's live record at `ranges`: those past the end of
    /// `old` are in `appended`, which would have followed it. Then the state that points to it.
    private mutating func compact(_ ranges: [Range<Int>], appended: [UInt8], to old: MappedFile, at url: URL) -> Bool {
        var (bytes, token) = PagesFile.start()
        var compacted: [Range<Int>] = []
        compacted.reserveCapacity(ranges.count)
        old.withUnsafeBytes { file in
            for range in ranges {
                let start = bytes.count
                if range.lowerBound >= file.count {
                    bytes += appended[(range.lowerBound - file.count)..<(range.upperBound - file.count)]
                } else {
                    bytes += file[range]
                }
                compacted.append(start..<bytes.count)
            }
        }
        guard Self.replace(Self.pagesLocation(url), with: bytes) else { return false }
        (records, unusedBytes, self.token) = (compacted, 0, token)
        writeState(to: url)
        return true
    }

    private func writeState(to url: URL) {
        var header = ByteWriter()
        header.string(settings)
        header.string(shared)
        header.uint64(run)
        header.bool(holdsRun)
        header.uint64(outputInode)
        header.uint64(spareInode)
        if holdsRun { header.strings(files) }
        header.optional(differing) { $0.strings($1) }
        header.uint64(token)
        header.array(records) { writer, range in
            writer.int(range.lowerBound)
            writer.int(range.count)
        }
        header.int(unusedBytes)
        if holdsRun { header.array(stamps) { writer, stamp in writer.optional(stamp) { $0.stamp($1) } } }
        header.ints(pageOfFile)
        if holdsRun {
            header.strings(markdownPaths)
            header.array(fileDiagnostics) { $0.diagnostics($1) }
        }
        header.array(linkDiagnostics) { $0.diagnostics($1) }
        header.diagnostics(otherDiagnostics)
        header.siteStructure(site)
        header.ints(search.order)
        header.ints(search.lengths)
        header.int(search.head)
        header.int(search.size)
        header.optional(exports) { [pages = site.pages] in $0.exportLayout($1, pages: pages) }
        header.int(pagesWritten)
        header.int(pastedText)
        header.string(variantKey)
        header.strings(layoutDigests.keys.sorted())
        header.strings(layoutDigests.keys.sorted().map { layoutDigests[$0]! })
        header.array(excluded) { writer, page in
            writer.string(page.contentPath)
            writer.string(page.route.path)
            writer.string(page.route.file)
        }
        if holdsRun {
            header.translations(translations)
            header.array(assets.sorted { $0.key < $1.key }) { writer, asset in
                writer.string(asset.key)
                writer.optional(asset.value) { $0.stamp($1) }
            }
            header.array(theme.sorted { $0.key < $1.key }) { writer, file in
                writer.string(file.key)
                writer.stamp(file.value)
            }
            header.array(fileIncludes) { $0.strings($1) }
            header.array(includes.sorted { $0.key < $1.key }) { writer, file in
                writer.string(file.key)
                writer.stamp(file.value)
            }
        }
        if !Self.replace(url.path, with: Self.magic + header.bytes) { Self.remove(at: url) }
    }

    // MARK: Reading

    /// The state, or nil when there is none or it cannot be trusted. `settings` is checked
    /// before anything else is decoded; pages are decoded on every core, without their front
    /// matter entries and links.
    static func read(from url: URL, settings expected: String) -> LastBuild? {
        read(from: url) { settings, _ in settings == expected }
    }

    /// The state, when `accepts` its settings and shared settings (read before anything else).
    /// `known`: the pages of its run's first site, which pages recorded the same are.
    static func read(from url: URL, known: KnownPages? = nil, accepting accepts: (_ settings: String, _ shared: String) -> Bool) -> LastBuild? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return decode(data, pages: MappedFile(path: pagesLocation(url)), known: known, accepting: accepts)
    }

    /// The state in `data`, its pages in `pages`.
    static func decode(_ data: Data, pages: MappedFile?, known: KnownPages? = nil,
                       accepting accepts: (_ settings: String, _ shared: String) -> Bool) -> LastBuild? {
        data.withUnsafeBytes { raw -> LastBuild? in
            guard raw.count > magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var header = ByteReader(raw, offset: magic.count)
            do {
                let settings = try header.string(), shared = try header.string()
                guard accepts(settings, shared) else { return nil }
                return try LastBuild(header: &header, settings: settings, shared: shared, pages: pages, known: known)
            } catch {
                return nil
            }
        }
    }

    private init(header: inout ByteReader, settings: String, shared: String, pages: MappedFile?, known: KnownPages?) throws {
        (self.settings, self.shared) = (settings, shared)
        run = try header.uint64()
        holdsRun = try header.bool()
        outputInode = try header.uint64()
        spareInode = try header.uint64()
        files = holdsRun ? try header.strings() : []
        differing = try header.optional { try $0.strings() }
        token = try header.uint64()
        records = try header.array(minimumSize: 2) { reader in
            let start = try reader.int(), count = try reader.int()
            // Bounded, so no sum of them can overflow.
            guard (0...Self.sizeLimit).contains(start), (0...Self.sizeLimit).contains(count) else { throw ByteReader.Damaged() }
            return start..<(start + count)
        }
        unusedBytes = try header.int()
        guard let data = pages,
              data.count >= Self.pagesMagic.count + 8, records.allSatisfy({ $0.upperBound <= data.count }) else { throw ByteReader.Damaged() }
        // Decoded on every core while the rest of the header is read up to the site, which
        // holds them.
        let decoding = Pending { [token, records] in Self.pages(data, records: records, token: token, known: known) }
        // Waited for however the header ends: no decoding outlives the read (its file mapped).
        defer { _ = decoding.wait() }
        pagesData = data
        stamps = holdsRun ? try header.array(minimumSize: 1) { reader in try reader.optional { try $0.stamp() } } : []
        pageOfFile = try header.ints()
        markdownPaths = holdsRun ? try header.strings() : []
        fileDiagnostics = holdsRun ? try header.array(minimumSize: 1) { try $0.diagnostics() } : []
        linkDiagnostics = try header.array(minimumSize: 1) { try $0.diagnostics() }
        otherDiagnostics = try header.diagnostics()
        guard let pages = decoding.wait() else { throw ByteReader.Damaged() }
        site = try header.siteStructure(pages: pages)
        search = SearchIndex.Layout(order: try header.ints(), lengths: try header.ints(), head: try header.int(), size: try header.int())
        exports = try header.optional { try $0.exportLayout(pages: pages) }
        pagesWritten = try header.int()
        pastedText = try header.int()
        variantKey = try header.string()
        let layouts = try header.strings(), digests = try header.strings()
        guard layouts.count == digests.count else { throw ByteReader.Damaged() }
        layoutDigests = Dictionary(zip(layouts, digests), uniquingKeysWith: { first, _ in first })
        excluded = try header.array(minimumSize: 3) { reader in
            let contentPath = try reader.string()
            var route = Route(segments: [])
            route.path = try reader.string()
            route.file = try reader.string()
            return (contentPath, route)
        }
        translations = holdsRun ? try header.translations() : TranslationTable()
        if holdsRun {
            let listed = try header.array(minimumSize: 2) { reader in (try reader.string(), try reader.optional { try $0.stamp() }) }
            assets = Dictionary(listed, uniquingKeysWith: { first, _ in first })
            theme = Dictionary(try header.array(minimumSize: 2) { reader in (try reader.string(), try reader.stamp()) }, uniquingKeysWith: { first, _ in first })
            fileIncludes = try header.array(minimumSize: 1) { try $0.strings() }
            includes = Dictionary(try header.array(minimumSize: 2) { reader in (try reader.string(), try reader.stamp()) }, uniquingKeysWith: { first, _ in first })
        }
        guard header.isAtEnd, !holdsRun || holdsFiles, linkDiagnostics.count == pages.count,
              search.order.count == search.lengths.count, (0...Self.sizeLimit).contains(search.size), (0...search.size).contains(search.head),
              search.lengths.allSatisfy({ (0...search.size).contains($0) }),
              search.head + search.lengths.reduce(0, +) + max(search.lengths.count - 1, 0) <= search.size,
              pageOfFile.allSatisfy({ $0 >= -1 && $0 < pages.count }),
              search.order.allSatisfy({ $0 >= 0 && $0 < pages.count }) else { throw ByteReader.Damaged() }
    }

    /// The pages recorded at `records` in the pages file `data` (whose token is `token`),
    /// decoded in chunks on every core but those `known` holds; nil when one cannot be.
    private static func pages(_ data: MappedFile, records: [Range<Int>], token: UInt64, known: KnownPages?) -> [Page]? {
        data.withUnsafeBytes { raw -> [Page]? in
            guard raw.prefix(Self.pagesMagic.count).elementsEqual(Self.pagesMagic),
                  raw.loadUnaligned(fromByteOffset: Self.pagesMagic.count, as: UInt64.self) == token.littleEndian else { return nil }
            let base = UncheckedSendable(raw)
            // In chunks on every core.
            let chunkSize = max(256, (records.count + 7) / 8)
            let chunks = stride(from: 0, to: records.count, by: chunkSize).map { $0..<min($0 + chunkSize, records.count) }
            let decoded = chunks.concurrentMap { chunk -> [Page]? in
                var pages: [Page] = []
                pages.reserveCapacity(chunk.count)
                for index in chunk {
                    let record = UnsafeRawBufferPointer(rebasing: base.value[records[index]])
                    if let page = known?.page(recorded: record) {
                        pages.append(page)
                        continue
                    }
                    var reader = ByteReader(record)
                    guard let page = try? reader.page(whole: false), reader.isAtEnd else { return nil }
                    pages.append(page)
                }
                return pages
            }
            var pages: [Page] = []
            pages.reserveCapacity(records.count)
            for chunk in decoded {
                guard let chunk else { return nil }
                pages += chunk
            }
            return pages
        }
    }

    /// The page at `index` as it was stored, with its front matter entries and links.
    func wholePage(_ index: Int) -> Page? {
        if memory != nil { return site.pages.indices.contains(index) ? site.pages[index] : nil }
        guard let pagesData, records.indices.contains(index) else { return nil }
        return pagesData.withUnsafeBytes { raw in
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: raw[records[index]]))
            guard let page = try? reader.page(whole: true), reader.isAtEnd else { return nil }
            return page
        }
    }
}
