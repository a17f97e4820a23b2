import ArgumentParser
import Foundation
import GuideSiteCore

/// `guidesite new`.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a new entry from the archetype.",
        discussion: """
            Examples:
              guidesite new entry "Wheel Picker" --section native
              guidesite new entry "Date picker" --section native --categories pickers,forms
            """,
        subcommands: [Entry.self]
    )

    /// `guidesite new entry`.
    struct Entry: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write Content/SECTION/SLUG.md from Templates/archetypes/entry.md (or the built-in archetype).",
            discussion: """
                The archetype holds every "how to test" key with guidance to replace. An existing file is never overwritten.

                Examples:
                  guidesite new entry "Wheel Picker" --section native
                  guidesite new entry "Toggle switch" --section native --categories controls,forms
                """
        )

        @OptionGroup var site: SiteOptions

        @Argument(help: "The entry's title, e.g. \"Wheel Picker\".")
        var title: String

        @Option(help: "The section (folder of Content/) to put it in.")
        var section: String

        @Option(help: ArgumentHelp("Categories, separated by commas.", valueName: "LIST"))
        var categories: String = ""

        func run() throws {
            let names = categories.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            do {
                let file = try Scaffolder().newEntry(title: title, section: section, categories: names, root: site.rootURL)
                Console.line("Wrote \(SiteLayout(root: site.rootURL).displayPath(file)); fill in its tests and notes, then run guidesite serve")
            } catch let failure as Scaffolder.Failure {
                Console.error("error: \(failure.description)\n")
                throw ExitCode(1)
            }
        }
    }
}
