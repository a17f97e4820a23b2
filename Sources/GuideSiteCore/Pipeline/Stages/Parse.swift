import Foundation

/// Reads the Markdown files (every one, or the edited ones when the last build stands for the
/// rest): bytes, front matter, Liquid, acceptance sections, route, layout.
/// Reads: `Walk`, `Basis`. Makes: `parsed`, `parsedPastedText`, `recording.parseDiagnostics` (in the order read).
enum Parse: BuildStage {
    static let name = "parse"

    static func run(_ context: inout BuildContext) {
        let reader = PageReader(layout: context.layout, config: context.siteConfig)
        let markdown = context.walk.files.filter { $0.kind == .markdown }
        let results = (context.basis?.edited ?? Array(markdown.indices)).concurrentMap { reader.read(markdown[$0]) }
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
}
