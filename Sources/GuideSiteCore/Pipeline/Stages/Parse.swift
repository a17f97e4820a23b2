import Foundation

/// Reads the Markdown files (every one, or the edited ones when the last build stands for the
/// rest): bytes, front matter, Liquid, acceptance sections, route, layout. A file whose stamp,
/// the settings, the includes and the other files are as an earlier build of the process read
/// them gives that build's parse (`BuildMemo`), without its Markdown.
enum Parse {
    static let name = "parse"

    /// The pages of the files read, and what each file's read found.
    struct Parsed {
        var pages: [Page] = []
        /// Each file's problems, in the order read (the last build keeps them by file).
        var diagnostics: [[Diagnostic]] = []
        /// How many pages were made from pasted text.
        var pastedText = 0
        /// The include files each file's text read (`IncludeReads`), in the order read.
        var includes: [[String]] = []

        init(_ read: [(result: Diagnosed<Page?>, includes: [String])], drafts: Bool) {
            let results = read.map(\.result)
            includes = read.map(\.includes)
            diagnostics = results.map(\.diagnostics)
            pages = results.compactMap { result in result.value.flatMap { !$0.isDraft || drafts ? $0 : nil } }
            pastedText = pages.count(where: \.isPastedText)
        }
    }

    /// Every Markdown file of the walk, or with the `last` build, the files edited since
    /// (`edited`). With `memo` (earlier builds of the process), a file whose stamp and parse
    /// key are those it was read with gives that parse again.
    static func run(_ walk: Walk, settings: SiteConfig, layout: SiteLayout, drafts: Bool, memo: BuildMemo?, last: Basis?,
                    log: inout StageLog) throws -> Parsed {
        if let last {
            let parsed = try edited(last.edited, of: walk, settings: settings, layout: layout, drafts: drafts)
            let added = last.addedPaths.subtracting(last.addressed)
            guard parsed.pages.allSatisfy({ !added.contains($0.contentPath) || Basis.addressIsFileName($0) }) else {
                throw Basis.Declined("an added file's page is not an entry or page at an address ending in its file's name")
            }
            return parsed
        }
        return all(walk, settings: settings, layout: layout, drafts: drafts, memo: memo, log: &log)
    }

    private static func all(_ walk: Walk, settings: SiteConfig, layout: SiteLayout, drafts: Bool, memo: BuildMemo?, log: inout StageLog) -> Parsed {
        let reader = PageReader(layout: layout, config: settings)
        let markdown = walk.files.filter { $0.kind == .markdown }
        // Files not in the kernel's cache are asked for all at once (the preview's later
        // builds take most parses from the memo and read what the cache holds).
        if memo?.parsed.isEmpty ?? true { ReadAhead(largestFile: PageReader.maximumBytes).start(markdown.map(\.path)) }
        guard let memo else { return Parsed(markdown.concurrentMap { read($0, reader) }, drafts: drafts) }
        // Taken before anything is read (a file saved meanwhile is read again next time).
        let all = walk.stamps.count == walk.files.count ? walk.stamps : FileStamp.stamps(of: walk.files)
        let stamps = zip(walk.files, all).filter { $0.0.kind == .markdown }.map(\.1)
        let results = memoized(markdown, stamps: stamps, reader: reader, memo: memo, key: parseKey(walk, settings: settings, layout: layout, stamps: all))
        log.notes.append("memo: \(memo.taken.count) of \(markdown.count) parses taken again")
        return Parsed(results, drafts: drafts)
    }

    /// The edited files (`edited`: positions among the walk's Markdown files), the last build
    /// standing for the others. (One whose page came or went, a draft set or unset, is then a
    /// file added or removed: `Basis.withPagesMoved`.)
    private static func edited(_ edited: [Int], of walk: Walk, settings: SiteConfig, layout: SiteLayout, drafts: Bool) throws -> Parsed {
        let reader = PageReader(layout: layout, config: settings)
        let markdown = walk.files.filter { $0.kind == .markdown }
        return Parsed(edited.concurrentMap { read(markdown[$0], reader) }, drafts: drafts)
    }

    /// A file's page, and the include files its text read.
    private static func read(_ file: ContentFile, _ reader: PageReader) -> (result: Diagnosed<Page?>, includes: [String]) {
        let reads = IncludeReads()
        return (reader.read(file, reads: reads), reads.sorted)
    }

    /// Every file's parse, taken from `memo` where the file's stamp and the parse's key are those
    /// it was made with; the memo then holds this build's.
    private static func memoized(_ files: [ContentFile], stamps: [FileStamp?], reader: PageReader, memo: BuildMemo, key: Int?)
        -> [(result: Diagnosed<Page?>, includes: [String])] {
        let known = key != nil && key == memo.parseKey ? memo.parsed : [:]
        let made = Array(files.indices).concurrentMap { index -> ((result: Diagnosed<Page?>, includes: [String]), BuildMemo.Parsed?, taken: Bool) in
            let file = files[index]
            if let stamp = stamps[index], let hit = known[file.relativePath], hit.stamp == stamp {
                return ((hit.result, hit.includes), hit, true)
            }
            let read = read(file, reader)
            guard let stamp = stamps[index] else { return (read, nil, false) }
            var kept = read.result
            kept.value?.markdown = ""
            let digest = BodyMemo.digest(read.result.value?.markdown ?? "")
            return (read, BuildMemo.Parsed(stamp: stamp, markdownDigest: digest, result: kept, includes: read.includes), false)
        }
        memo.parseKey = key
        memo.parsed = [:]
        memo.markdownDigests = [:]
        memo.taken = []
        for (file, (_, parsed, taken)) in zip(files, made) {
            guard let parsed else { continue }
            memo.parsed[file.relativePath] = parsed
            memo.markdownDigests[file.relativePath] = parsed.markdownDigest
            if taken { memo.taken.insert(file.relativePath) }
        }
        if key == nil { memo.parsed = [:] }
        return made.map(\.0)
    }

    /// What every file's parse reads besides the file: the settings, where the site is, the
    /// includes folder's files, and the content folder's other files (`include_relative`, the
    /// addresses a macro checks); nil when one was saved in the last two seconds. `stamps`: the
    /// walk's files'.
    private static func parseKey(_ walk: Walk, settings: SiteConfig, layout: SiteLayout, stamps: [FileStamp?]) -> Int? {
        var hasher = Hasher()
        for (file, stamp) in zip(walk.files, stamps) where file.kind == .asset {
            guard let stamp else { return nil }
            hasher.combine(file.relativePath)
            hasher.combine(stamp)
        }
        hasher.combine(settings)
        hasher.combine(layout.root.path)
        hasher.combine(layout.content.path)
        let includes = layout.content.appending(path: settings.includesFolder, directoryHint: .isDirectory)
        let paths = (FileManager.default.enumerator(atPath: includes.path)?.allObjects as? [String] ?? [])
            .filter { !EditorLitter.isLitter(path: $0) }.sorted()
        for path in paths {
            guard let stamp = FileStamp(path: includes.appending(path: path).path) else { return nil }
            hasher.combine(path)
            hasher.combine(stamp)
        }
        return hasher.finalize()
    }
}
