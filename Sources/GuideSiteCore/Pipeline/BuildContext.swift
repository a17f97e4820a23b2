import Foundation

/// The one value the build stages share and pass along, in order.
struct BuildContext {
    let request: BuildRequest
    let layout: SiteLayout
    var config = SiteConfig()
    var basePath = "/"
    var files: [ContentFile] = []
    var pages: [Page] = []
    var site: Site?
    var theme: Theme?
    var renderer: TemplateRenderer?
    var writer: SiteWriter?
    /// Where files go: the writer's staging folder, or memory for the preview server.
    var output: (any SiteOutput)?
    /// What a rebuild may reuse; nil for a one-off build.
    var cache: BuildCache?
    var pagesWritten = 0
    var diagnostics: [Diagnostic] = []
    var usageError = false

    init(request: BuildRequest) {
        self.request = request
        self.layout = SiteLayout(root: request.root, output: request.output)
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
