import Foundation

/// The content checks made over a site's pages together, on every build of a full site (its
/// pages' own checks come with their bodies: `RenderMarkdown.Finishing`): titles repeated
/// within a section. A function of the site's pages alone (the build state keeps each page's
/// title entry), so never taken from an earlier build.
enum Lint {
    static let name = "lint"

    /// The problems made again on every build, never taken from the last one.
    static let categories: Set<String> = ["duplicate-title"]

    /// Whether every build makes `problem` from the site's pages, whatever changed: repeated
    /// titles (here), a library's layout notes and a page's unknown layout (the template stage).
    static func isMadeOnEveryBuild(_ problem: Diagnostic) -> Bool {
        categories.contains(problem.category) || problem.category == "library-layout"
            || problem.category == "unknown-layout" && problem.path != RenderTemplates.generatedLayoutsPath
    }

    static func run(_ pages: [Page]) -> [Diagnostic] {
        ContentLinter().duplicateTitles(pages)
    }
}
