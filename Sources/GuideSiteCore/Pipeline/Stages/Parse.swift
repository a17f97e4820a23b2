import Foundation

/// Reads every Markdown file: bytes, front matter, Liquid, acceptance sections, route, layout.
/// Reads: `files`. Writes: `parsed`, `recording.parseDiagnostics`.
enum Parse: BuildStage {
    static let name = "parse"

    static func run(_ context: inout BuildContext) {
        let reader = PageReader(layout: context.layout, config: context.siteConfig)
        let markdown = context.files.filter { $0.kind == .markdown }
        let results = markdown.concurrentMap { reader.read($0) }
        context.recording.parseDiagnostics = results.map(\.diagnostics)
        for result in results {
            context.diagnostics += result.diagnostics
            guard let page = result.value else { continue }
            if page.isDraft, !context.request.drafts { continue }
            context.parsed.append(page)
        }
    }
}
