import ArgumentParser
import Foundation
import GuideSiteCore

/// `guidesite build`.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site into Output/.",
        discussion: """
            Writes into a staging folder and replaces Output/ only when the build succeeds, so a failed build leaves the previous site as it was. Exit status: 0 built, 1 problems in the content, templates or site.yml, 2 usage errors.

            Examples:
              guidesite build
              guidesite build --root ../guide --output /tmp/site --base-url /a11y/
              guidesite build --drafts --strict
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("Write the site here instead of DIR/Output.", valueName: "DIR"))
    var output: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Path (or address) the site is served under, e.g. /guide/; overrides site.yml.", valueName: "URL"))
    var baseURL: String?

    @Flag(help: "Include pages with `draft: true`.")
    var drafts = false

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Print errors only: no warnings, no summary.")
    var quiet = false

    @Flag(help: "Replace the output folder even if GuideSite did not create it.")
    var force = false

    @Flag(help: "Print the time each build stage took.")
    var timings = false

    func run() throws {
        let request = BuildRequest(
            root: site.rootURL,
            output: output.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, isDirectory: true) },
            baseURL: baseURL, drafts: drafts, strict: strict, force: force
        )
        let result = SiteBuilder().build(request)
        Report(quiet: quiet).print(result, timings: timings)
        if result.outcome != .success {
            throw ExitCode(result.outcome.rawValue)
        }
    }
}
