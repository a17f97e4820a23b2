import Foundation

/// `check` only: the front matter schema, repeated titles and undeclared categories, once for the
/// full site.
/// Reads: `pages`. Writes: diagnostics.
enum Lint: BuildStage {
    static let name = "lint"

    /// `check` only: the front matter schema, repeated titles and undeclared categories, once
    /// for the full site.
    static func run(_ context: inout BuildContext) {
        guard context.request.check, context.variant.subset == nil else { return }
        context.diagnostics += ContentLinter().lint(context.pages, config: context.siteConfig)
    }
}
