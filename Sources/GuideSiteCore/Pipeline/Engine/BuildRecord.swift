import Foundation

/// What the last successful build of an output folder read and reported, kept in
/// `.guidesite-cache/` at the site root (as Jekyll keeps `.jekyll-metadata`). When a build would
/// read exactly the same inputs (every file's size, inode and modification time, site.yml, the
/// theme, the options and the guidesite binary itself) and the output folder is still the one
/// that build put in place, nothing is rebuilt and nothing is rewritten: deploy tools see no
/// change. `--fresh` ignores the record.
struct BuildRecord {
    static let folderName = ".guidesite-cache"
    static let format = "guidesite-record/7"

    /// Hash of every input, 128 bits as hex.
    var key: String
    /// Inode of the output folder the build put in place: a folder replaced or rebuilt by
    /// anything else has another.
    var outputInode: UInt64
    var pagesWritten: Int
    var sites: Int
    var filesRead: Int
    var filesCopied: Int
    var pastedText: Int
    /// The problems that build reported, printed again by a build that finds nothing changed.
    var diagnostics: [Diagnostic]
    /// What `guidesite check` reports of the same inputs (link problems as errors), after a
    /// build of every site; nil after a `--strict` one.
    var checkDiagnostics: [Diagnostic]?
    /// The codes of the sites' languages (the default first), which the next build plans its
    /// sites in before it reads the pages that name them (`FindLanguages`).
    var languages: [String] = []

    /// Where the record of builds into `output` lives.
    static func location(root: URL, output: URL) -> URL {
        var hash = StableHash()
        hash.add(output.standardizedFileURL.path)
        return root.appending(path: folderName, directoryHint: .isDirectory).appending(path: "build-\(hash.hex.prefix(16)).record")
    }

    /// What a build reads, hashed: `settings` is everything but the Markdown files' stamps
    /// (the binary, options, site.yml, theme, includes, every file's path and each copied
    /// file's stamp), `markdownStamps` those stamps in walk order (nil: written in the last two
    /// seconds, so not trusted), and `key` all of it, nil when a stamp is not trusted.
    struct Inputs {
        var settings: String
        var markdownStamps: [FileStamp?]
        var key: String?
        /// The settings but which Markdown files there are and the copied files (`assets`).
        var shared = ""
        /// The content folder's copied files, by path, with their stamps (nil: not trusted).
        var assets: [String: FileStamp?] = [:]
        /// The theme's files but its strings and archetypes (`SiteLayout.themeFile`: style sheets,
        /// scripts; and its layouts and partials), by path in the theme, with their stamps: in
        /// `settings`, not in `shared` (which has the names of the layouts).
        var theme: [String: FileStamp] = [:]
        /// The includes folder's files, by path in it, with their stamps: in `settings`, not in
        /// `shared` (the pages that read one are read again when it moves: `Basis`).
        var includes: [String: FileStamp] = [:]
    }

    /// Two hashes fed the same values, but for what only `settings` takes.
    private struct StableHashes {
        var settings = StableHash(), shared = StableHash()

        mutating func add(_ text: String) {
            settings.add(text)
            shared.add(text)
        }

        mutating func add(_ stamp: FileStamp) {
            settings.add(stamp)
            shared.add(stamp)
        }
    }

    /// The inputs of the build `context` describes; nil when anything but a Markdown file
    /// cannot be trusted to show a change by its stamp (written within the last two seconds, or
    /// unreadable).
    static func inputs(for context: BuildContext) -> Inputs? {
        // `shared` is all of it but the Markdown files' paths and the copied files: the same
        // when only those came, went or changed (`LastOutput`, `Basis`).
        var hash = StableHashes()
        hash.add(format)
        guard let binary = FileStamp(path: "/proc/self/exe", trustRecent: true)
            ?? Bundle.main.executablePath.flatMap({ FileStamp(path: $0, trustRecent: true) }) else { return nil }
        hash.add(binary)
        let request = context.request
        hash.add(request.output?.standardizedFileURL.path ?? "-")
        hash.add(request.baseURL ?? "-")
        // (`--all-subsets` changes the sites planned, below: a site without subsets is one site
        // either way, as `check` builds it.)
        hash.add("\(request.drafts) \(request.strict)")
        hash.add(request.subset ?? "-")
        hash.add(request.adHoc.map { String(describing: $0) } ?? "-")
        hash.add(request.contentFolder ?? "-")
        // A new day may make support results old (`support-stale-after:`) without changing a file.
        hash.add(BuildDate.today)
        // A new commit changes pages' dates without changing a file.
        hash.add(context.history?.checkout.map { $0.head + " " + $0.prefix } ?? "-")
        for variant in context.plan.variants { hash.add(variant.output.standardizedFileURL.path) }
        let layout = context.layout
        if FileManager.default.fileExists(atPath: layout.configFile.path) {
            guard let stamp = FileStamp(path: layout.configFile.path) else { return nil }
            hash.add("site.yml")
            hash.add(stamp)
        }
        for path in context.siteConfig.library.map({ [$0.path] + $0.readFiles }) ?? [] {
            let file = layout.root.appending(path: path)
            if let stamp = FileStamp(path: file.path) {
                hash.add(path)
                hash.add(stamp)
            } else if FileManager.default.fileExists(atPath: file.path) {
                return nil
            }
        }
        // Sections named by the library's files that are not published (`_category_.json`).
        hash.add(Fingerprint.of(context.siteConfig.sections).description)
        // Looked up by name in each open folder, on every core: a full path per file was most
        // of this stage at 10,000 entries.
        var markdownStamps: [FileStamp?] = [], assets: [String: FileStamp?] = [:]
        markdownStamps.reserveCapacity(context.walk.files.count)
        guard context.walk.stamps.count == context.walk.files.count else { return nil }
        for (file, stamp) in zip(context.walk.files, context.walk.stamps) {
            if file.kind == .markdown {
                hash.settings.add(file.relativePath)
                markdownStamps.append(stamp)
            } else {
                // (One not trusted makes settings no later build has: it is a copied file changed.)
                hash.settings.add(file.relativePath)
                if let stamp { hash.settings.add(stamp) } else { hash.settings.add(UUID().uuidString) }
                assets[file.relativePath] = .some(stamp)
            }
        }
        // Templates, included files and data files are read but are not content.
        let includes = layout.content.appending(path: context.siteConfig.includesFolder, directoryHint: .isDirectory)
        let data = layout.content.appending(path: context.siteConfig.dataFolder, directoryHint: .isDirectory)
        var theme: [String: FileStamp] = [:], included: [String: FileStamp] = [:]
        for folder in [layout.templates, includes, data] {
            hash.add(folder.path)
            for path in filesBelow(folder.path) {
                guard let stamp = FileStamp(path: path) else { return nil }
                hash.settings.add(path)
                hash.settings.add(stamp)
                if folder == layout.templates, let file = layout.themeFile(path) ?? layout.templatePath(path) {
                    theme[file] = stamp
                } else if folder == includes {
                    included[String(path.dropFirst(includes.path.count + 1))] = stamp
                } else {
                    hash.shared.add(path)
                    hash.shared.add(stamp)
                }
            }
        }
        // Every page links a brand style sheet, and each names its layout: whether there is a
        // brand style sheet and the layouts the built-in theme has not are shared.
        hash.shared.add(theme["assets/brand.css"] == nil ? "no brand.css" : "brand.css")
        let builtIn = DefaultTheme.files()
        hash.shared.add(theme.keys.filter { $0.hasPrefix("layouts/") && $0.hasSuffix(".mustache") && builtIn[$0] == nil }.sorted().joined(separator: "\n"))
        let settings = hash.settings.hex
        var key: String?
        if markdownStamps.allSatisfy({ $0 != nil }), assets.values.allSatisfy({ $0 != nil }) {
            var all = StableHash()
            all.add(settings)
            for stamp in markdownStamps { all.add(stamp!) }
            key = all.hex
        }
        return Inputs(settings: settings, markdownStamps: markdownStamps, key: key, shared: hash.shared.hex, assets: assets, theme: theme,
                      includes: included)
    }

    /// Every file below `path`, sorted, without following symbolic links.
    private static func filesBelow(_ path: String) -> [String] {
        FileWriting.files(below: path).filter { !EditorLitter.isLitter(path: $0) }.sorted().map { path + "/" + $0 }
    }

    /// The inode of a folder, or nil when it does not exist.
    static func inode(of folder: URL) -> UInt64? {
        var status = stat()
        guard stat(folder.path, &status) == 0 else { return nil }
        return UInt64(status.st_ino)
    }

    /// Read and written in the state's byte coding (`ByteWriter`): as JSON, the record of a
    /// build with two subsets at 10,000 entries (thousands of notes) took 20-25 ms each way.
    static func read(from url: URL) -> BuildRecord? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return data.withUnsafeBytes { bytes in
            var reader = ByteReader(bytes)
            guard (try? reader.string()) == format else { return nil }
            return try? BuildRecord(
                key: reader.string(), outputInode: reader.uint64(), pagesWritten: reader.int(), sites: reader.int(), filesRead: reader.int(),
                filesCopied: reader.int(), pastedText: reader.int(), diagnostics: reader.diagnostics(),
                checkDiagnostics: reader.optional { try $0.diagnostics() }, languages: reader.strings())
        }
    }

    func write(to url: URL) {
        var writer = ByteWriter()
        writer.string(Self.format)
        writer.string(key)
        writer.uint64(outputInode)
        for number in [pagesWritten, sites, filesRead, filesCopied, pastedText] { writer.int(number) }
        writer.diagnostics(diagnostics)
        writer.optional(checkDiagnostics) { $0.diagnostics($1) }
        writer.strings(languages)
        let data = Data(writer.bytes)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let folder = url.deletingLastPathComponent()
        let note = folder.appending(path: "README")
        if !FileManager.default.fileExists(atPath: note.path) {
            try? Data("GuideSite's record of the last build of each output folder, so an unchanged site is not rebuilt and a check of the same files reads what the build found, and the state of each site of the last full-site build, so an edit of a few entries is patched in.\nSafe to delete; keep it out of version control.\n".utf8).write(to: note)
        }
        try? data.write(to: url, options: .atomic)
    }

    init(key: String, outputInode: UInt64, context: BuildContext) {
        self.init(key: key, outputInode: outputInode, pagesWritten: context.pagesWritten, sites: context.siteCount,
                  files: context.walk.files, pastedText: context.pastedText, diagnostics: context.diagnostics)
        languages = context.siteConfig.languages.map(\.code)
        // (Under `--strict` the warnings were made errors: not what `check` reports.)
        guard !context.request.strict else { return }
        checkDiagnostics = ReportChecks.run(context.diagnostics, linkProblems: context.recording.linkProblems)
    }

    init(key: String, outputInode: UInt64, pagesWritten: Int, sites: Int, files: [ContentFile], pastedText: Int, diagnostics: [Diagnostic]) {
        self.init(key: key, outputInode: outputInode, pagesWritten: pagesWritten, sites: sites, filesRead: files.count { $0.kind == .markdown },
                  filesCopied: files.count { $0.kind == .asset }, pastedText: pastedText, diagnostics: diagnostics, checkDiagnostics: nil)
    }

    init(key: String, outputInode: UInt64, pagesWritten: Int, sites: Int, filesRead: Int, filesCopied: Int, pastedText: Int,
         diagnostics: [Diagnostic], checkDiagnostics: [Diagnostic]?, languages: [String] = []) {
        (self.key, self.outputInode, self.pagesWritten, self.sites) = (key, outputInode, pagesWritten, sites)
        (self.filesRead, self.filesCopied, self.pastedText) = (filesRead, filesCopied, pastedText)
        (self.diagnostics, self.checkDiagnostics, self.languages) = (diagnostics, checkDiagnostics, languages)
    }
}
