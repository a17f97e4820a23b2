import Foundation

/// Reads the Markdown files (every one, or the edited ones when the last build stands for the
/// rest): bytes, front matter, Liquid, acceptance sections, route, layout. A file whose stamp,
/// the settings, the includes and the other files are as an earlier build of the process read
/// them gives that build's parse (`BuildMemo`), without its Markdown.
/// Reads: `Walk`, `Basis`, `BuildMemo`. Makes: `parsed`, `parsedPastedText`, `recording.parseDiagnostics` (in the order read).
enum Parse: BuildStage {
    static let name = "parse"

    static func run(_ context: inout BuildContext) {
        let reader = PageReader(layout: context.layout, config: context.siteConfig)
        let markdown = context.walk.files.filter { $0.kind == .markdown }
        let results: [Diagnosed<Page?>]
        if context.basis == nil, let memo = context.store.memo {
            results = memoized(markdown, reader: reader, memo: memo, context: context)
            context.notes.append("memo: \(memo.taken.count) of \(markdown.count) parses taken again")
        } else {
            results = (context.basis?.edited ?? Array(markdown.indices)).concurrentMap { reader.read(markdown[$0]) }
        }
        context.recording.parseDiagnostics = results.map(\.diagnostics)
        for result in results {
            context.diagnostics += result.diagnostics
            guard let page = result.value, !page.isDraft || context.request.drafts else {
                // An edited file the last site has a page for must still give one.
                if context.basis != nil { context.declined = "an edited file is unreadable or a draft" }
                continue
            }
            context.parsed.append(page)
        }
        context.parsedPastedText = context.parsed.count(where: \.isPastedText)
    }

    /// Every file's parse, taken from `memo` where the file's stamp and the parse's key are those
    /// it was made with; the memo then holds this build's.
    private static func memoized(_ files: [ContentFile], reader: PageReader, memo: BuildMemo, context: BuildContext) -> [Diagnosed<Page?>] {
        // Taken before anything is read (a file saved meanwhile is read again next time).
        let walk = context.walk
        let all = walk.stamps.count == walk.files.count ? walk.stamps : FileStamp.stamps(of: walk.files)
        let stamps = zip(walk.files, all).filter { $0.0.kind == .markdown }.map(\.1)
        let key = parseKey(context, stamps: all)
        let known = key != nil && key == memo.parseKey ? memo.parsed : [:]
        let made = Array(files.indices).concurrentMap { index -> (Diagnosed<Page?>, BuildMemo.Parsed?, taken: Bool) in
            let file = files[index]
            if let stamp = stamps[index], let hit = known[file.relativePath], hit.stamp == stamp {
                return (hit.result, hit, true)
            }
            let read = reader.read(file)
            guard let stamp = stamps[index] else { return (read, nil, false) }
            var kept = read
            kept.value?.markdown = ""
            return (read, BuildMemo.Parsed(stamp: stamp, markdownDigest: BodyMemo.digest(read.value?.markdown ?? ""), result: kept), false)
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
    static func parseKey(_ context: BuildContext, stamps: [FileStamp?]) -> Int? {
        var hasher = Hasher()
        for (file, stamp) in zip(context.walk.files, stamps) where file.kind == .asset {
            guard let stamp else { return nil }
            hasher.combine(file.relativePath)
            hasher.combine(stamp)
        }
        hasher.combine(context.siteConfig)
        hasher.combine(context.layout.root.path)
        hasher.combine(context.layout.content.path)
        let includes = context.layout.content.appending(path: context.siteConfig.includesFolder, directoryHint: .isDirectory)
        let paths = (FileManager.default.enumerator(atPath: includes.path)?.allObjects as? [String] ?? []).sorted()
        for path in paths {
            guard let stamp = FileStamp(path: includes.appending(path: path).path) else { return nil }
            hasher.combine(path)
            hasher.combine(stamp)
        }
        return hasher.finalize()
    }
}
