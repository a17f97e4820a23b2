import Foundation

/// Each page's rendered Markdown, kept by what rendering it read (the question Salsa and Bazel
/// ask of every value): the site's renderer (`renderer(_:)`: its settings and texts, the
/// platforms a subset keeps, the code), the page's Markdown, path, first line
/// and given title, and the answer to every link it asked the resolver about. The keys are
/// SHA-256, the same in every process, so `build` keeps them in `.guidesite-cache/`
/// (`BodyMemo+Storage`; the preview's are queries of its engine, `PageBody`): a build that does not
/// start from the last one (a file added or removed, a template, a decline) renders only the
/// bodies whose inputs changed, and a site of the run takes what another site of it rendered from
/// the same inputs (a subset's entries, the full site's).
final class BodyMemo: @unchecked Sendable {
    typealias Key = Digest128

    struct AskedLink: Sendable, Equatable, Encodable {
        var url: String
        var target: LinkTarget
    }

    /// What rendering a body made, with the links it asked the resolver about.
    struct Body: Sendable, Encodable {
        var links: [AskedLink]
        var body: RenderedBody
        var diagnostics: [Diagnostic]
    }

    /// The bodies of the last run: held, or in the file at `location` (`build`),
    /// whose index is read when first asked for.
    private var known: [Key: [Body]] = [:]
    private let location: URL?
    private var opened: Stored??
    private let lock = NSLock()
    /// Whether bodies made before are taken (not under `--fresh`, whose build is the reference),
    /// and whether this run's go to a new file for `location` (not under `check`).
    private let takes: Bool, writes: Bool
    /// This run's, each key's bodies once per set of link answers: held, or written as they
    /// come (a full build's bodies, held until the end, were a third of its peak memory).
    private var made: [Key: [Body]] = [:]
    private var writer: Writer?
    /// This run's Markdown digests, by content path: made by the first site that renders a page,
    /// read by the others.
    private(set) var digests: [String: Key] = [:]

    init(location: URL? = nil, takes: Bool = true, writes: Bool = true) {
        (self.location, self.takes, self.writes) = (location, takes, writes)
    }

    /// Set by a patch on disk: this run's bodies go to the patches' file (`patchedLocation`),
    /// with those it held, for the next build that renders every page; the last file stays.
    var patching = false
    private var openedPatched: Stored??

    private var stored: Stored? {
        lock.withLock {
            if let opened { return opened }
            let read = location.flatMap(Stored.init(url:))
            opened = .some(read)
            return read
        }
    }

    /// The bodies patches rendered since the last file was written.
    private var patched: Stored? {
        lock.withLock {
            if let openedPatched { return openedPatched }
            let read = location.flatMap { Stored(url: Self.patchedLocation($0)) }
            openedPatched = .some(read)
            return read
        }
    }

    /// A body taken: its record's bytes when read from the last run's file, and whether this
    /// run made it (a site before this one), so it is not kept twice.
    struct Taken {
        var body: Body
        var record: [UInt8]?
        var thisRun = false
    }

    /// Whether this run's bodies go to a file (`keep`) rather than memory (`record`).
    var writesRecords: Bool { location != nil && writes }

    /// The body made before from `key`'s inputs whose every link has the same answer now; safe
    /// from many threads while nothing is recorded.
    func take(_ key: Key, answer: (String) -> LinkTarget) -> Taken? {
        // A patch renders its few bodies rather than read the files' indexes.
        guard takes, !patching else { return nil }
        func answers(_ links: [AskedLink]) -> Bool { links.allSatisfy { answer($0.url) == $0.target } }
        let writer = lock.withLock { self.writer }
        if let found = made[key]?.first(where: { answers($0.links) }) ?? writer?.body(key, where: answers) {
            return Taken(body: found, thisRun: true)
        }
        if let found = known[key]?.first(where: { answers($0.links) }) { return Taken(body: found) }
        return stored?.body(key, where: answers) ?? patched?.body(key, where: answers)
    }

    /// Keeps what a build rendered or took again (a body of this run's sites is kept once), for
    /// the sites after it and the next run; from the threads that render when written to a file.
    func keep(_ key: Key, _ taken: Taken) {
        guard !taken.thisRun, writesRecords, let location else { return }
        let (writer, carry) = lock.withLock { () -> (Writer?, Bool) in
            guard self.writer == nil else { return (self.writer, false) }
            self.writer = Writer(location: patching ? Self.patchedLocation(location) : location)
            return (self.writer, patching)
        }
        // The bodies earlier patches kept, up to a bound (the next full build keeps them all).
        if carry, let writer, let patched, patched.size <= Self.patchedUpTo { patched.each { writer.append($0, $1) } }
        writer?.append(key, taken)
    }

    /// A patch that declined: what it kept is let go, and the build of every page that follows
    /// writes the bodies file.
    func abandonPatch() {
        lock.withLock {
            (writer, patching) = (nil, false)
        }
    }

    /// After each run of pages: what this run made, held in memory when not written, with the
    /// digest of the Markdown it was rendered from.
    func record(_ key: Key, _ taken: Taken, path: String, digest: Key) {
        if digests[path] == nil { digests[path] = digest }
        guard !writesRecords, !taken.thisRun else { return }
        var list = made[key] ?? []
        guard !list.contains(where: { $0.links == taken.body.links }) else { return }
        list.append(taken.body)
        made[key] = list
    }

    /// This run's bodies become those the next run takes from: held, or the file written put
    /// in place. Nothing recorded (a patch, a failure before any rendering) keeps the last.
    func endRun() {
        digests = [:]
        if let writer {
            // A file of every body this run rendered or took stands for the patches' too.
            if writer.finish(), !patching, let location { unlink(Self.patchedLocation(location).path) }
            self.writer = nil
        } else if !made.isEmpty {
            (known, made) = (made, [:])
        }
    }

    // MARK: Keys

    /// The SHA-256 of `text`, its first 128 bits.
    static func digest(_ text: String) -> Key {
        var text = text
        return text.withUTF8 { key(SHA256.hash(data: UnsafeRawBufferPointer($0))) }
    }

    /// What every body of the site being built reads besides its page and its links' answers:
    /// the renderer's settings, the texts it writes (code block and callout labels), the
    /// platforms a subset keeps, and the code that renders (`renderingCode`).
    static func renderer(_ site: SiteSpec, settings: SiteConfig) -> Key {
        renderer(config: site.config, settings: settings, strings: site.strings, subset: site.variant.subset)
    }

    static func renderer(config: SiteConfig, settings: SiteConfig, strings: ThemeStrings, subset: Subset?) -> Key {
        let headingIDs = config.library?.generator.headingIDs ?? .guidesite
        var text = "guidesite-bodies/2\n\(config.unsafeHTML) \(config.highlightCode) \(config.tabs) \(headingIDs)\n"
        text += String(reflecting: config.platforms) + "\n" + String(reflecting: config.frameworks) + "\n"
        if let subset, !subset.platforms.isEmpty {
            text += String(reflecting: PlatformFilter(platforms: settings.platforms, keep: subset.platforms, frameworks: settings.frameworks)) + "\n"
        }
        text += strings.language + "\n"
        for (key, value) in strings.values.sorted(by: { $0.key < $1.key }) { text += key + "=" + value + "\n" }
        text += renderingCode
        return digest(text)
    }

    /// The stamps of the code that renders: the binary, and the Markdown and highlighting
    /// libraries it loaded (an upgraded cmark-gfm or KSyntaxHighlighting renders otherwise).
    static let renderingCode: String = {
        // Read to its end: a /proc file says it has no size.
        let maps = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd()).flatMap { $0 }
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        let libraries = Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init),
                  path.hasPrefix("/"), path.contains("cmark") || path.contains("SyntaxHighlighting") else { return nil }
            return path
        }).sorted()
        return (["/proc/self/exe"] + libraries).map { path in
            guard let stamp = FileStamp(path: path, trustRecent: true) else { return path + " -\n" }
            return "\(path) \(stamp.size) \(stamp.inode) \(stamp.seconds) \(stamp.nanoseconds)\n"
        }.joined()
    }()

    /// A page's body key: the site's renderer, and what the renderer reads of the page
    /// (`markdown`: its Markdown's digest).
    static func key(renderer: Key, page: Page, markdown: Key) -> Key {
        var writer = ByteWriter()
        writer.uint64(renderer.high)
        writer.uint64(renderer.low)
        writer.uint64(markdown.high)
        writer.uint64(markdown.low)
        writer.string(page.sourcePath)
        writer.int(page.bodyFirstLine)
        writer.optional(page.frontMatter.title) { $0.string($1) }
        return key(SHA256.hash(data: writer.bytes))
    }

    /// What a body is: its key and its links' answers (the same body whether rendered or taken).
    static func identity(_ key: Key, links: [AskedLink]) -> Digest128 {
        var writer = ByteWriter()
        writer.uint64(key.high)
        writer.uint64(key.low)
        writer.askedLinks(links)
        return self.key(SHA256.hash(data: writer.bytes))
    }

    private static func key(_ digest: [UInt8]) -> Key {
        digest.withUnsafeBytes { raw in
            Key(high: UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
                low: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }
}
