import ArgumentParser
import Foundation
import GuideSiteCore

/// `guidesite theme`: the built-in theme's files, and copies of them to change.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "List the theme's files, or copy built-in ones into Templates/ to change them.",
        discussion: """
            A file of the site's Templates/ replaces the built-in file of the same path, and only that one.

            Examples:
              guidesite theme list
              guidesite theme eject partials/toc.mustache
              guidesite theme eject assets/site.css layouts/entry
              guidesite theme values > THEME.md
            """,
        subcommands: [List.self, Eject.self, Values.self]
    )

    /// `guidesite theme list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every theme file: built-in, overridden by Templates/, or the site's own.",
            discussion: """
                Examples:
                  guidesite theme list
                  guidesite theme list --root ~/a11y-guide
                """
        )

        @OptionGroup var site: SiteOptions

        func run() throws {
            for (path, source) in ThemeFiles(root: site.rootURL).list() {
                Console.line("\(path)\(String(repeating: " ", count: max(1, 40 - path.count)))\(source.rawValue)")
            }
        }
    }

    /// `guidesite theme values`.
    struct Values: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print, as Markdown, every value a layout or partial can use, with its type and meaning.",
            discussion: """
                The same text as docs/Content/theme/values.md in GuideSite's repository.

                Examples:
                  guidesite theme values
                  guidesite theme values > THEME.md
                """
        )

        func run() throws {
            Console.write(ThemeReference.markdown())
        }
    }

    /// `guidesite theme eject`.
    struct Eject: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy built-in theme files into Templates/, to change them from there.",
            discussion: """
                A file the site already has is never overwritten without --force (with --all it is left as it is).

                Examples:
                  guidesite theme eject partials/toc.mustache
                  guidesite theme eject layouts/entry assets/site.css
                  guidesite theme eject --all
                """
        )

        @OptionGroup var site: SiteOptions

        @Argument(help: ArgumentHelp("Files of the built-in theme, as `guidesite theme list` names them (`.mustache` may be left out).", valueName: "PATH"))
        var paths: [String] = []

        @Flag(help: "Copy every built-in file the site does not have yet.")
        var all = false

        @Flag(help: "Overwrite the site's own copy of a named file.")
        var force = false

        func run() throws {
            let layout = SiteLayout(root: site.rootURL)
            do {
                let (written, kept) = try ThemeFiles(root: site.rootURL).eject(paths, all: all, force: force)
                for path in written { Console.line("Wrote \(layout.displayPath(layout.templates.appending(path: path)))") }
                if !kept.isEmpty { Console.line("Kept \(kept.count) file(s) the site has already (--force overwrites a named one)") }
            } catch let failure as Scaffolder.Failure {
                Console.error("error: \(failure.description)\n")
                throw ExitCode(1)
            }
        }
    }
}
