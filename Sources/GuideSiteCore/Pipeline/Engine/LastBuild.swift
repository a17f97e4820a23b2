import Foundation

/// What the incremental engine knows of the last successful build of the full site, to bring
/// it up to date after edits inside a few entries' bodies without reading the others again:
/// the linked site, each Markdown file's stamp, page and problems, each page's link problems,
/// and where each entry sits in the search index. `serve` holds it in memory with every page
/// whole and the output's files (`BuildMemory`); `build` keeps it in `.guidesite-cache/` next to
/// the build record, as Hugo and Jekyll keep their caches, with the files of the output and how
/// the spare site beside it differs from them. Any doubt about it (another binary, settings, a
/// damaged file, an output or spare folder replaced by anything else) means a full build.
struct LastBuild {
    static let magic = Array("guidesite-state/17\n".utf8)
    /// No offset or size in a state is larger (1 TB): a damaged one is rejected before any sum.
    static let sizeLimit = 1 << 40
    static let pagesMagic = Array("guidesite-pages/4\n".utf8)

    /// `BuildRecord.Inputs.settings` of the build that wrote it, and `shared` (the same but
    /// for which Markdown files there are).
    var settings: String
    var shared = ""
    /// The token of the run that wrote it, and whether it holds what every site of that run
    /// shares (the first site's does; `LastBuild+Run`).
    var run: UInt64 = 0
    var holdsRun = true
    /// Inodes of the output folder and of the spare site beside it, after that build.
    var outputInode: UInt64
    var spareInode: UInt64
    /// Every file of the output, relative to it (what the build wrote, not `subsets/`).
    var files: [String]
    /// Files of the output that the spare site holds other bytes for, or lacks, and files the
    /// spare site holds that the output does not; nil when unknown (then it is not reused).
    var differing: [String]?
    /// Per Markdown file, in walk order: its stamp (nil: not trusted, read again next time), the
    /// index of its page in `site.pages` (-1: none, a draft or unreadable), and the problems its
    /// parsing and Markdown reported.
    var stamps: [FileStamp?]
    var pageOfFile: [Int]
    /// Each Markdown file's path below the content folder, in walk order: a build that finds
    /// files added or removed places the others by it (`walked(to:)`).
    var markdownPaths: [String] = []
    var fileDiagnostics: [[Diagnostic]]
    /// The include files each Markdown file's text read (`IncludeReads`), in walk order; and the
    /// includes folder's files with their stamps as the run read them (`BuildRecord.Inputs`).
    var fileIncludes: [[String]] = []
    var includes: [String: FileStamp] = [:]
    /// Per page of the site: the problems link checking reported.
    var linkDiagnostics: [[Diagnostic]]
    /// Every other problem of that build (walk, site.yml, theme, layouts, URLs).
    var otherDiagnostics: [Diagnostic]
    /// The linked site. Read back, its pages hold no HTML, no Markdown, no links, no heading
    /// lines and no front matter entries but those other pages read (`FrontMatter.sharedKeys`; see
    /// `wholePage`).
    var site: Site
    /// Where each entry of the search index is.
    var search: SearchIndex.Layout
    /// Where each page's parts of criteria.json and the acceptance files are (nil: unknown).
    var exports: ExportLayout?
    var pagesWritten: Int
    var pastedText: Int
    /// Which site of its run it is (`Variant.key`).
    var variantKey = ""
    /// The pages a subset leaves out, which its links lead out to.
    var excluded: [(contentPath: String, route: Route)] = []
    /// How each translation stood, in a site of several languages (edits that would change it
    /// are not patched), and each source's title and address.
    var translations = TranslationTable()
    /// The content folder's copied files with their stamps as the run read them (nil: not
    /// trusted); the first site's state holds the run's.
    var assets: [String: FileStamp?] = [:]
    /// The theme's files no page holds, with their stamps as the run read them
    /// (`BuildRecord.Inputs.theme`); the first site's state holds the run's.
    var theme: [String: FileStamp] = [:]
    /// The theme's `Theme.layoutDigests` as the build rendered its pages with.
    var layoutDigests: [String: String] = [:]
    /// The pages file (each page's record, appended to when pages change): its token, where
    /// each page's record is, and how many of its bytes no page uses any more.
    var token: UInt64 = 0
    var records: [Range<Int>] = []
    var unusedBytes = 0
    /// The pages file, mapped, when the state was read.
    var pagesData: MappedFile?
    /// Held in memory (`serve`): what the walk of the content folder found, the walk position
    /// of each Markdown file by its full path, and every file of the output. Its pages are whole.
    var memory: Memory?

    struct Memory {
        var walkKey: String
        var files: [ContentFile]
        var walkDiagnostics: [Diagnostic]
        var positions: [String: Int]
        var output: [String: Data]
        /// Each page's route by its content path, which links resolve against.
        var routes: [String: Route]
        /// What each page shows, to render again only the pages whose key changed.
        var renderKeys: RenderPlan.Keys?
        /// The theme and its compiled templates.
        var theme: CompiledTheme?
        /// Each page's part of criteria.json and the acceptance files.
        var exportParts: ExportParts?
    }

    /// Where the state of builds into `output` lives (and its pages, with extension `pages`);
    /// the other sites of a run written into it (subsets, languages) have one each beside it.
    static func location(root: URL, output: URL, site: Int = 0) -> URL {
        var url = BuildRecord.location(root: root, output: output)
        url.deletePathExtension()
        if site > 0 { url.appendPathExtension("site\(site)") }
        return url.appendingPathExtension("state")
    }

    static func pagesLocation(_ url: URL) -> String {
        url.deletingPathExtension().appendingPathExtension("pages").path
    }

    init(settings: String, outputInode: UInt64, spareInode: UInt64, stamps: [FileStamp?], pageOfFile: [Int],
         fileDiagnostics: [[Diagnostic]], linkDiagnostics: [[Diagnostic]], otherDiagnostics: [Diagnostic], site: Site,
         files: [String], differing: [String]?, search: SearchIndex.Layout,
         pagesWritten: Int, pastedText: Int, markdownPaths: [String] = []) {
        self.settings = settings
        self.outputInode = outputInode
        self.spareInode = spareInode
        self.stamps = stamps
        self.pageOfFile = pageOfFile
        self.fileDiagnostics = fileDiagnostics
        self.linkDiagnostics = linkDiagnostics
        self.otherDiagnostics = otherDiagnostics
        self.site = site
        self.files = files
        self.differing = differing
        self.search = search
        self.pagesWritten = pagesWritten
        self.pastedText = pastedText
        self.markdownPaths = markdownPaths
    }

    /// The keys of the layouts this build rendered its pages with, from those of the theme now
    /// (`now`, whose digests are `digests`): a layout whose file or partials changed since has
    /// another key, so its pages' render keys move.
    func layoutKeys(_ now: LayoutKeys, digests: [String: String]) -> LayoutKeys {
        var keys = now
        for (name, key) in now.keys where layoutDigests[name] == nil || layoutDigests[name] != digests[name] { keys.keys[name] = ~key }
        return keys
    }
}
