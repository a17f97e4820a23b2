import ArgumentParser
import Foundation
import GuideSiteCore

extension SiteChecker.Format: ExpressibleByArgument {}

/// `guidesite check`.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report every problem in the content without writing the site (run it in CI).",
        discussion: """
            Reports everything `build` would, for the full site and every subset, with broken internal links and anchors as errors, plus: the front matter schema of each layout, titles repeated within a section, categories site.yml does not declare, images without alt text, empty links and link text such as "click here", skipped heading levels, tables without header text, and criteria that are unknown or obsolete. Right after `guidesite build --all-subsets` (or `build` of a site without subsets), with no file changed, the build's record answers and nothing is built again. Exit status: 0 clean (warnings allowed), 1 errors, 2 usage errors.

            Examples:
              guidesite check
              guidesite check --strict               Warnings fail too
              guidesite check --format github        Annotations in a GitHub Actions log
              guidesite check --format json > report.json
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: "text, json (schema guidesite-check/1) or github (workflow annotations).")
    var format: SiteChecker.Format = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Include pages with `draft: true`.")
    var drafts = false

    func run() throws {
        var request = BuildRequest(root: site.rootURL, drafts: drafts, strict: strict)
        request.contentFolder = site.content
        request.endsProcess = true
        let result = SiteChecker().check(request)
        let report = SiteChecker.report(result, format: format)
        if format == .text {
            Console.error(Colour.highlight(report))
        } else {
            Console.write(report)
        }
        if result.outcome != .success { throw ExitCode(result.outcome.rawValue) }
    }
}
