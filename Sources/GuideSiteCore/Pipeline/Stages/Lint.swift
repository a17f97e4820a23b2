import Foundation

/// The content checks made over a site's pages together, on every build of a full site (its
/// pages' own checks come with their bodies: `RenderMarkdown.Finishing`): titles repeated
/// within a section. Made again from the whole site each time, under a basis too (its last
/// pages keep their `title` entries), so they are never the last build's.
enum Lint {
    static let name = "lint"

    /// The problems made again on every build, never taken from the last one (`Basis.lastDiagnostics`).
    static let categories: Set<String> = ["duplicate-title"]

    static func run(_ pages: [Page]) -> [Diagnostic] {
        ContentLinter().duplicateTitles(pages)
    }
}
