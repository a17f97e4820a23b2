import ArgumentParser
import Foundation

/// The `guidesite` command.
@main
struct GuideSite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guidesite",
        abstract: "Build accessible guideline websites from Markdown entries.",
        discussion: """
            A site is a folder with Content/ (Markdown entries, one folder per section), an optional site.yml and an optional Templates/ folder that overrides the built-in theme.

            Examples:
              guidesite build                      Build ./Content into ./Output
              guidesite build --root ~/a11y-guide  Build another site
              guidesite build --base-url /guide/   Site served from https://host/guide/
              guidesite serve                      Preview with live reload
              guidesite check --format github      Report problems in CI
              guidesite new entry "Wheel Picker" --section native
              guidesite init ~/a11y-guide          Start a new site
              guidesite theme eject partials/toc.mustache  Copy a theme file to change
            """,
        version: "0.1.0",
        subcommands: [Build.self, Serve.self, Check.self, New.self, Init.self, ThemeCommand.self],
        defaultSubcommand: nil
    )

    /// Runs the command, with usage errors exiting 2 instead of ArgumentParser's 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
