import Foundation
import GuideSiteCore

/// A site being previewed: builds it into memory, rebuilds it when asked, and tells the state
/// which pages changed. Rebuilds run one at a time, in order.
public actor PreviewSession {
    /// What one rebuild did.
    public struct Rebuild: Sendable {
        /// The build's result (diagnostics, timings).
        public var result: BuildResult
        /// URL paths whose page changed (`*` when every page must reload).
        public var changedPages: [String]
        /// Wall time of the rebuild.
        public var milliseconds: Double
    }

    /// The served state.
    public nonisolated let state = PreviewState()
    /// The site's settings as the last build read them.
    public private(set) var title = "GuideSite"
    /// Path prefix the site is served under.
    public private(set) var basePath = "/"
    /// The folder the content is read from (`--content`, site.yml `content:`, else Content/).
    public private(set) var contentFolder: URL
    private let request: BuildRequest
    private let memory = BuildMemory()
    private var failed = false

    /// A session for the site `request` describes (its output folder is never written).
    public init(request: BuildRequest) {
        self.request = request
        contentFolder = SiteLayout(root: request.root).content
    }

    /// Builds the site into memory and installs it (or the error page).
    /// `knownChanges`: see `BuildRequest.knownChanges` (nil checks every file).
    @discardableResult
    public func rebuild(knownChanges: Set<String>? = nil) async -> Rebuild {
        let started = ContinuousClock.now
        let output = MemoryOutput()
        var request = self.request
        request.knownChanges = knownChanges
        let memory = self.memory
        let result = await Task.detached(priority: .userInitiated) {
            SiteBuilder().build(request, into: output, memory: memory)
        }.value
        title = result.title
        basePath = result.basePath
        await state.serve(under: basePath)
        if let content = result.content { contentFolder = content }
        var pages: [String]
        if result.outcome == .success {
            // After a good build, one that started from its files needs only what it wrote compared.
            let changed = await state.install(output.files, onlyAt: failed ? nil : output.written)
            pages = failed ? ["*"] : Self.pages(for: changed, basePath: basePath)
            failed = false
        } else {
            await state.fail(with: ErrorPage.html(title: result.title, language: result.language, diagnostics: result.diagnostics))
            failed = true
            pages = ["*"]
        }
        if !pages.isEmpty { await state.announce(pages) }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return Rebuild(result: result, changedPages: pages, milliseconds: milliseconds)
    }

    /// Output files as the pages readers have open: `native/picker/index.html` is
    /// `/native/picker/`. A changed stylesheet or script reloads every page; a changed search
    /// index, the search page that loads it; a changed script of acceptance/, the My criteria page.
    static func pages(for files: Set<String>, basePath: String) -> [String] {
        var pages = Set<String>()
        for file in files {
            if file.hasSuffix("index.html") {
                pages.insert(basePath + String(file.dropLast("index.html".count)))
            } else if file.hasSuffix(".html") {
                pages.insert(basePath + file)
            } else if let search = SearchablePages.searchPage(ofScript: file) {
                // The index or one of its pieces: the search page reloads.
                pages.insert(basePath + search)
            } else if CriteriaBasket.isScript(file) {
                pages.insert(basePath + CriteriaBasket.pagePath)
            } else if file.hasSuffix(".css") || file.hasSuffix(".js") {
                return ["*"]
            }
        }
        return pages.sorted()
    }
}
