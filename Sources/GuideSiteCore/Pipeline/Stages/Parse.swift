import Foundation

/// Reads the Markdown files (every one, or the edited ones when the last build stands for the
/// rest): bytes, front matter, Liquid, acceptance sections, route, layout. In the preview each
/// file's parse is a query (`ParsedFile`) of the process's engine, read again only when what it
/// read moved: its stamp, the settings, the copied files, or an include file it names.
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

    static func all(_ walk: Walk, settings: SiteConfig, layout: SiteLayout, drafts: Bool, memo: BuildMemo?, log: inout StageLog) -> Parsed {
        let reader = PageReader(layout: layout, config: settings)
        let markdown = walk.files.filter { $0.kind == .markdown }
        // Files not in the kernel's cache are asked for all at once (the preview's later
        // builds take most parses from the memo and read what the cache holds).
        if memo.map({ $0.queries.runs(of: ParsedFile.self) == 0 }) ?? true {
            ReadAhead(largestFile: PageReader.maximumBytes).start(markdown.map(\.path))
        }
        guard let memo else { return Parsed(markdown.concurrentMap { read($0, reader) }, drafts: drafts) }
        // Taken before anything is read (a file saved meanwhile is read again next time).
        let stamps = walk.stamps.count == walk.files.count ? walk.stamps : FileStamp.stamps(of: walk.files)
        memo.parseInputs.set(memo.queries, walk: walk, stamps: stamps, settings: settings, layout: layout)
        let runs = memo.queries.runs(of: ParsedFile.self)
        let values = memo.queries.fetch(all: markdown.map { ParsedFile(file: $0) })
        log.notes.append("memo: \(markdown.count - memo.queries.runs(of: ParsedFile.self) + runs) of \(markdown.count) parses taken again")
        return Parsed(values.map { ($0.result, $0.includes) }, drafts: drafts)
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
}
