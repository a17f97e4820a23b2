import Foundation

/// The content checks of `guidesite check`: the front matter schema, repeated titles and
/// undeclared categories, once for the full site, set aside with those of the Markdown (vague
/// link text, tables without headers, videos without captions): `ReportChecks` reports them
/// under `check`, and a build records them for a later check instead of reporting them.
enum Lint {
    static let name = "lint"

    /// The problems only `check` reports.
    static let categories: Set<String> = ["empty-link", "link-text", "table-header", "video-captions", "duplicate-title",
                                          "undeclared-category", "schema"]

    static func run(_ pages: [Page], settings: SiteConfig) -> [Diagnostic] {
        ContentLinter().lint(pages, config: settings)
    }
}
