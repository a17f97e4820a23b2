import Foundation

/// What `guidesite build` was asked to do.
public struct BuildRequest: Sendable {
    /// Site root holding `site.yml`, `Content/`, `Templates/`.
    public var root: URL
    /// Output folder; `Output/` under the root when nil.
    public var output: URL?
    /// Overrides site.yml's `base-url`.
    public var baseURL: String?
    /// Build pages marked `draft: true`.
    public var drafts = false
    /// Treat warnings as errors.
    public var strict = false
    /// Write into a non-empty folder GuideSite did not create.
    public var force = false
    /// Build only this subset of site.yml.
    public var subset: String?
    /// Build the full site and every subset of site.yml.
    public var allSubsets = false
    /// An ad-hoc subset (`--only-section`, `--only-category`, `--platform`).
    public var adHoc: Subset?
    /// The content folder (`--content`), overriding site.yml's `content:`.
    public var contentFolder: String?
    /// `guidesite check`: write nothing, add the content checks, treat broken links as errors.
    public var check = false
    /// Told the name of each stage as it starts, for a progress line.
    public var progress: (@Sendable (String) -> Void)?
    /// Build even when the record of the last build shows nothing changed (`--fresh`).
    public var fresh = false
    /// For a rebuild from a `BuildMemory`: the files modified in place since its last build
    /// (absolute paths), when the caller watched the site and knows that no file or folder was
    /// created, deleted or moved. The content folder is then not walked again and only these
    /// files are read. Nil compares every file's stamp.
    public var knownChanges: Set<String>?
    /// The process ends right after this build (`guidesite build` and `check`): what the build
    /// held in memory is left to the exit instead of freed object by object, as compilers do
    /// (`clang -disable-free`). Freeing 10,000 pages, their sites and caches took one core a
    /// tenth of a second after the site was written.
    public var endsProcess = false
    /// Render with swift-mustache itself instead of the compiled templates (tests compare both).
    var swiftMustacheOnly = false
    /// Above this many bytes of Markdown, a full build to disk keeps the bodies' HTML in a
    /// scratch file until their pages are rendered (`RenderMarkdown.scratch`); tests lower it.
    var bodiesInMemoryUpTo = 256 << 20
    /// Without a spare site, a patch of up to this many edited files replaces them in place;
    /// more go into a new site of the live files linked (`PatchOutput`); tests lower it.
    var patchesInPlaceUpTo = 256

    /// A request with defaults.
    public init(root: URL, output: URL? = nil, baseURL: String? = nil, drafts: Bool = false, strict: Bool = false, force: Bool = false) {
        self.root = root
        self.output = output
        self.baseURL = baseURL
        self.drafts = drafts
        self.strict = strict
        self.force = force
    }
}

/// What a build did.
public struct BuildResult: Sendable {
    /// How the build ended, for the exit code.
    public enum Outcome: Int32, Sendable {
        /// Site written (warnings allowed).
        case success = 0
        /// Problems in the content, templates or configuration; nothing written.
        case contentErrors = 1
        /// The request itself cannot be carried out (bad output folder, ...); nothing written.
        case usageError = 2
    }

    /// Every problem, sorted by file and line.
    public var diagnostics: [Diagnostic]
    /// HTML pages written.
    public var pagesWritten: Int
    /// Wall time of the build.
    public var milliseconds: Int
    /// Time of each named stage, in order.
    public var timings: [(stage: String, milliseconds: Double)]
    /// How it ended.
    public var outcome: Outcome
    /// Where the site was written.
    public var output: URL
    /// Number of sites built (the full site and subsets).
    public var sites = 1
    /// Languages each site was built in.
    public var languages = 1
    /// Markdown files read, and files copied as they are.
    public var filesRead = 0, filesCopied = 0
    /// Files without front matter read as text pasted from a rich-text editor.
    public var pastedText = 0
    /// Title, language and base path of the (first) site built, and the content folder read.
    public var title = "", language = "en", basePath = "/"
    /// See `title`.
    public var content: URL?
    /// Nothing changed since the last build, whose output is still in place: nothing was
    /// rebuilt or rewritten (the counts and problems are that build's).
    public var upToDate = false
    /// Set when the build patched the last one (edits inside a few pages' bodies): how many
    /// pages it rendered again; the others were kept from the last build.
    public var pagesRendered: Int?
    /// Whether every site was built from its last build, whether or not the build succeeded
    /// (a build with errors is patched too; its output is then discarded).
    public var patched = false
    /// Where the settings came from, when the library has a generator's own configuration.
    public var configuration: [String] = []

    /// Warnings and notes grouped by category, most frequent first, with their first locations:
    /// what a build of foreign content could not carry over.
    public var groupedProblems: [(category: String, count: Int, first: [String])] {
        var groups: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics where diagnostic.severity != .error { groups[diagnostic.category, default: []].append(diagnostic) }
        return groups.map { category, list in
            (category, list.count, list.prefix(3).map { $0.line > 0 ? "\($0.path):\($0.line)" : $0.path })
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.category < $1.category }
    }

    /// Errors, counting warnings under `--strict`.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// Warnings.
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
