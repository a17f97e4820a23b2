import ArgumentParser
import Foundation
import GuideSiteCore

/// `guidesite build`.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site into Output/.",
        discussion: """
            Writes into a staging folder and replaces Output/ only when the build succeeds, so a failed build leaves the previous site as it was. When no input changed since the last build (files, site.yml, theme, options), Output/ is left untouched and that build's warnings are printed again. When only the text inside a few entries changed (no title, front matter, file, theme or option), the last build is patched: those pages are rendered again and the others kept, with the same result as a full build (--timings says why a build was not patched). --fresh builds everything anyway. Exit status: 0 built, 1 problems in the content, templates or site.yml, 2 usage errors.

            Examples:
              guidesite build
              guidesite build --root ../guide --output ../public --base-url /a11y/
              guidesite build --drafts --strict
              guidesite build --all-subsets          Full site and every subset of site.yml
              guidesite build --subset ios           Into Output/subsets/ios/
              guidesite build --only-section native --platform iOS --output ../ios
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("Write the site here instead of DIR/Output.", valueName: "DIR"))
    var output: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Path (or address) the site is served under, e.g. /guide/, for the not-found page and absolute addresses (other links are relative); overrides site.yml.", valueName: "URL"))
    var baseURL: String?

    @Flag(help: "Include pages with `draft: true`.")
    var drafts = false

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Print errors only: no warnings, no summary.")
    var quiet = false

    @Flag(help: "Replace the output folder even if GuideSite did not create it.")
    var force = false

    @Flag(help: "Build even if nothing changed since the last build (which otherwise leaves Output/ untouched).")
    var fresh = false

    @Flag(help: "Print the time each build stage took.")
    var timings = false

    @Flag(name: .shortAndLong, help: "Print more: stage timings and the notes of every site.")
    var verbose = false

    @Option(help: ArgumentHelp("Build only this subset of site.yml, into Output/subsets/NAME/ (or --output).", valueName: "NAME"))
    var subset: String?

    @Flag(name: .customLong("all-subsets"), help: "Build the full site and every subset of site.yml in one run.")
    var allSubsets = false

    @OptionGroup var adHoc: SubsetOptions

    func validate() throws {
        if subset != nil, allSubsets { throw ValidationError("--subset and --all-subsets cannot be combined") }
        if adHoc.adHoc != nil, subset != nil || allSubsets {
            throw ValidationError("--only-section, --only-category and --platform make their own subset; drop --subset or --all-subsets")
        }
        if allSubsets, output != nil {
            throw ValidationError("--all-subsets writes the full site and Output/subsets/; it cannot take --output")
        }
    }

    func run() throws {
        // Past a file-size limit a write then fails with EFBIG, which the build reports like a
        // full disk, instead of the signal ending the process halfway.
        signal(SIGXFSZ, SIG_IGN)
        var request = BuildRequest(
            root: site.rootURL,
            output: output.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, isDirectory: true) },
            baseURL: baseURL, drafts: drafts, strict: strict, force: force
        )
        request.contentFolder = site.content
        request.subset = subset
        request.allSubsets = allSubsets
        request.adHoc = adHoc.adHoc
        request.fresh = fresh
        request.endsProcess = true
        let progress = Progress(enabled: !quiet && isatty(2) == 1)
        request.progress = { progress.enter($0) }
        let result = SiteBuilder().build(request)
        progress.finish()
        Report(quiet: quiet).print(result, timings: timings || verbose)
        if result.outcome != .success {
            throw ExitCode(result.outcome.rawValue)
        }
    }
}
