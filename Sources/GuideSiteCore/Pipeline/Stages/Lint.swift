import Foundation

/// The content checks of `guidesite check`: the front matter schema, repeated titles and
/// undeclared categories, once for the full site. A build makes them too but sets them aside
/// (with those of the Markdown: vague link text, tables without headers, videos without
/// captions), for the record a later `check` reads instead of building again.
/// Reads: `pages`, `request.check`. Writes: diagnostics, `recording.checkOnly`.
enum Lint: BuildStage {
    static let name = "lint"

    /// The problems only `check` reports.
    static let categories: Set<String> = ["empty-link", "link-text", "table-header", "video-captions", "duplicate-title",
                                          "undeclared-category", "schema"]

    static func run(_ context: inout BuildContext) {
        guard context.variant.subset == nil else { return }
        report(ContentLinter().lint(context.pages, config: context.siteConfig), &context)
    }

    /// `problems` reported under `check`; in a build, the check's ones set aside.
    static func report(_ problems: [Diagnostic], _ context: inout BuildContext) {
        guard !context.request.check else { return context.diagnostics += problems }
        for problem in problems {
            if categories.contains(problem.category) { context.recording.checkOnly.append(problem) } else { context.diagnostics.append(problem) }
        }
    }
}
