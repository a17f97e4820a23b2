import ArgumentParser
import Foundation
import GuideSiteCore

/// `guidesite init`.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a new guideline site in a folder.",
        discussion: """
            Writes site.yml (with comments), Content/index.md, an example entry, an empty Templates/ for overrides and a README for authors. The folder must be new or empty.

            Examples:
              guidesite init ~/a11y-guide
              guidesite init guide --title "Checkout accessibility guide"
            """
    )

    @Argument(help: "Folder for the new site.")
    var folder: String

    @Option(help: "The site's title.")
    var title = "Accessibility guidelines"

    func run() throws {
        let url = URL(fileURLWithPath: (folder as NSString).expandingTildeInPath, isDirectory: true)
        do {
            let files = try Scaffolder().initSite(at: url, title: title)
            Console.line("Created a site with \(files.count) files in \(url.path).")
            Console.line("Next: cd \(folder) && guidesite serve")
        } catch let failure as Scaffolder.Failure {
            Console.error("error: \(failure.description)\n")
            throw ExitCode(2)
        }
    }
}
