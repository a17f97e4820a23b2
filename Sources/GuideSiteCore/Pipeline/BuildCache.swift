import Foundation

/// What a rebuild can reuse from the previous build of the same site (the preview server keeps
/// one): pages whose source bytes did not change are not parsed again, their Markdown is not
/// rendered again unless the routes, base path or Markdown settings changed, and a page whose
/// template values and layout did not change is not rendered again. With the watcher's report
/// (`BuildRequest.knownChanges`) the last walk and parse are taken as they were apart from the
/// reported files; when only page bodies changed, the last linked site is patched and what was
/// made from it (render keys, search index, link checks, the in-memory output) is updated for
/// the changed pages only.
public final class BuildCache: @unchecked Sendable {
    /// Entries are objects: a rebuild looks up every file's entry, and a lookup is then one
    /// reference count instead of one per field.
    final class ParsedEntry: @unchecked Sendable {
        /// Changed only under the cache's lock, after the build that read it.
        var stamp: FileStamp?
        let bytes: Data
        let page: Page?
        let diagnostics: [Diagnostic]

        init(stamp: FileStamp?, bytes: Data, page: Page?, diagnostics: [Diagnostic]) {
            self.stamp = stamp
            self.bytes = bytes
            self.page = page
            self.diagnostics = diagnostics
        }
    }

    final class RenderedEntry: Sendable {
        let settings: Int
        let input: Page
        let page: Page
        let diagnostics: [Diagnostic]

        init(settings: Int, input: Page, page: Page, diagnostics: [Diagnostic]) {
            self.settings = settings
            self.input = input
            self.page = page
            self.diagnostics = diagnostics
        }
    }

    private let lock = NSLock()
    private var parsed: [String: ParsedEntry] = [:]
    private var rendered: [String: RenderedEntry] = [:]
    private var html: [String: (key: Int, data: Data)] = [:]
    /// Counters for tests and `--timings`: what the last build reused and redid.
    public internal(set) var statistics = Statistics()

    /// How much of the last build came from the cache.
    public struct Statistics: Sendable, Equatable {
        /// Files parsed again / reused.
        public var parsed = 0, parseReused = 0
        /// Markdown bodies rendered again / reused.
        public var markdownRendered = 0, markdownReused = 0
        /// Pages rendered through templates again / reused.
        public var pagesRendered = 0, pagesReused = 0
        /// Whether the linked site was the last one with some page bodies replaced.
        public var sitePatched = false
    }

    /// An empty cache.
    public init() {}

    func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private var settingsKey: Int?

    /// Starts a build; when site.yml or the request changed, nothing of the previous build is
    /// reused (parsing depends on site.yml's section layouts, rendering on everything).
    func beginBuild(settings: Int) {
        locked {
            statistics = Statistics()
            if settingsKey != settings {
                parsed = [:]
                rendered = [:]
                html = [:]
                exports = [:]
                assembly = nil
                perAssembly = [:]
                markdownRun = nil
                parseRun = nil
                settingsKey = settings
            }
        }
    }

    /// The cached parse of each file, looked up under one lock: the caller checks the stamp or
    /// the bytes. Lookups happen on one thread, so the rendering threads never contend for the
    /// lock (they did for every file, which cost a preview rebuild more than the lookups).
    func parsedEntries(for paths: [String]) -> [ParsedEntry?] {
        locked { paths.map { parsed[$0] } }
    }

    /// Records what the parse stage did: entries parsed again, files whose bytes were unchanged
    /// under a new stamp (so the next build can skip reading them), and how many were reused.
    func finishParse(stored: [(path: String, entry: ParsedEntry)], restamped: [(path: String, stamp: FileStamp)], reused: Int) {
        locked {
            for (path, entry) in stored { parsed[path] = entry }
            for (path, stamp) in restamped { parsed[path]?.stamp = stamp }
            statistics.parsed += stored.count
            statistics.parseReused += reused
        }
    }

    /// The rendered page of each input, when it was rendered from the same input page under the
    /// same settings.
    func renderedEntries(for inputs: [Page], settings: Int) -> [RenderedEntry?] {
        locked {
            let hits = inputs.map { input -> RenderedEntry? in
                guard let entry = rendered[input.contentPath], entry.settings == settings, entry.input == input else { return nil }
                return entry
            }
            statistics.markdownReused += hits.count { $0 != nil }
            return hits
        }
    }

    func storeRendered(_ entries: [(path: String, entry: RenderedEntry)]) {
        locked {
            for (path, entry) in entries { rendered[path] = entry }
            statistics.markdownRendered += entries.count
        }
    }

    /// The HTML of each output file whose render key is unchanged.
    func html(for files: [String], keys: [Int]) -> [Data?] {
        locked {
            let hits = zip(files, keys).map { file, key in html[file].flatMap { $0.key == key ? $0.data : nil } }
            statistics.pagesReused += hits.count { $0 != nil }
            return hits
        }
    }

    /// Pages taken as they were from the last build's output, without a lookup.
    func noteReused(pages count: Int) {
        locked { statistics.pagesReused += count }
    }

    func storeHTML(_ entries: [(file: String, key: Int, data: Data)]) {
        locked {
            for entry in entries { html[entry.file] = (entry.key, entry.data) }
            statistics.pagesRendered += entries.count
        }
    }

    /// The last Markdown stage: its settings, the key of every page's path and route, its input
    /// pages and results, so the next one starts from them.
    struct MarkdownRun {
        var settings: Int
        var routesKey: Int
        var inputs: [Page]
        var results: [Diagnosed<Page>]
    }

    private var markdownRun: MarkdownRun?

    func lastMarkdown() -> MarkdownRun? {
        locked { markdownRun }
    }

    func keepMarkdown(_ run: MarkdownRun) {
        locked { markdownRun = run }
    }

    /// What the last walk of the content folder found (by folder and Markdown extensions):
    /// every file, its warnings, the Markdown files and their positions by path.
    struct Walk {
        var key: String
        var files: [ContentFile]
        var diagnostics: [Diagnostic]
        var markdown: [ContentFile]
        var positions: [String: Int]
        var generation: Int
    }

    private var lastWalk: Walk?
    private var walks = 0

    func walk(key: String) -> Walk? {
        locked { lastWalk?.key == key ? lastWalk : nil }
    }

    func keepWalk(key: String, files: [ContentFile], diagnostics: [Diagnostic]) {
        let markdown = files.filter { $0.kind == .markdown }
        let positions = Dictionary(markdown.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        locked {
            walks += 1
            lastWalk = Walk(key: key, files: files, diagnostics: diagnostics, markdown: markdown, positions: positions, generation: walks)
        }
    }

    /// The last parse stage's results, in the order of the walk it parsed, and the positions of
    /// files to check again whatever happens (read within two seconds of a change, or unreadable).
    struct ParseRun {
        var walk: Int
        var results: [Diagnosed<Page?>]
        var recheck: [Int]
    }

    private var parseRun: ParseRun?

    func lastParse(walk: Int) -> ParseRun? {
        locked { parseRun?.walk == walk ? parseRun : nil }
    }

    /// Files taken from the last parse without a look.
    func noteParseReused(_ count: Int) {
        locked { statistics.parseReused += count }
    }

    /// Positions of the files whose cached parse has no trusted stamp (or that have none).
    func untrustedPositions(_ paths: [String]) -> [Int] {
        locked { paths.indices.filter { parsed[paths[$0]]?.stamp == nil } }
    }

    func keepParse(_ run: ParseRun?) {
        locked { parseRun = run }
    }

    /// The last linked site, the pages it was linked from, and a key of everything else linking
    /// read (settings, copied files, levels).
    struct Assembly {
        var key: Int
        var inputs: [Page]
        var site: Site
        /// Numbers each assembly, so values made for one site are never used for another.
        var generation = 0
        /// When this site is the previous one with some pages' bodies changed: the previous
        /// one's generation and the positions in `site.pages` replaced.
        var patch: (basis: Int, changed: [Int])?
    }

    var assembly: Assembly?
    var generations = 0
    /// Values made from a whole site (render keys, search index parts), with the generation of
    /// the assembly they were made for.
    var perAssembly: [String: (generation: Int, value: Any)] = [:]

    var exports: [String: (key: Int, value: Any)] = [:]

    /// Drops entries of files that no longer exist, so the cache does not grow without bound.
    func keepOnly(contentPaths: Set<String>, outputFiles: Set<String>) {
        locked {
            // Filtering rebuilds a dictionary; most rebuilds have nothing to drop.
            if parsed.keys.contains(where: { !contentPaths.contains($0) }) { parsed = parsed.filter { contentPaths.contains($0.key) } }
            if rendered.keys.contains(where: { !contentPaths.contains($0) }) { rendered = rendered.filter { contentPaths.contains($0.key) } }
            if html.keys.contains(where: { !outputFiles.contains($0) }) { html = html.filter { outputFiles.contains($0.key) } }
        }
    }
}

/// What `stat` says of a file: if none of it changed, neither did the file.
struct FileStamp: Hashable {
    var size: Int64
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int

    init(size: Int64, inode: UInt64, seconds: Int, nanoseconds: Int) {
        self.size = size
        self.inode = inode
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// `trustRecent` accepts a file written in the last two seconds (for files nobody edits,
    /// such as the guidesite binary).
    init?(path: String, trustRecent: Bool = false) {
        self.init(folder: AT_FDCWD, name: path, trustRecent: trustRecent)
    }

    /// The stamp of `name` inside the open folder `folder`: the kernel looks up one name instead
    /// of every folder of a full path (most of a preview rebuild's `stat` time).
    init?(folder: Int32, name: String, trustRecent: Bool = false) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return nil }
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        // A file written in the last two seconds may be written again within the same clock
        // tick; such a stamp is not trusted.
        if !trustRecent, Int(time(nil)) - seconds < 2 { return nil }
    }
}
