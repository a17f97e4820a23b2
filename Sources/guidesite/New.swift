import ArgumentParser
import Foundation
import GuideSiteCore

/// `guidesite new`.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a new entry from the archetype, or a translation of a page.",
        discussion: """
            Examples:
              guidesite new entry "Wheel Picker" --section native
              guidesite new entry "Date picker" --section native --categories pickers,forms
              guidesite new --translation fr Content/native/carousel.md
            """,
        subcommands: [Entry.self]
    )

    @OptionGroup var site: SiteOptions

    // Both values belong to the option: a positional PAGE of `new` itself would take the word
    // `entry` before ArgumentParser looks for the subcommand.
    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Copy PAGE to translate into CODE, a language of site.yml's `languages:`, recording the version it translates, e.g. --translation fr Content/native/carousel.md.",
                               valueName: "CODE PAGE"))
    var translation: [String] = []

    func validate() throws {
        guard translation.isEmpty || translation.count == 2 else {
            throw ValidationError("--translation takes a language code and the page to translate, e.g. --translation fr Content/native/carousel.md")
        }
    }

    func run() throws {
        guard translation.count == 2 else {
            Console.error("error: name what to start: `guidesite new entry \"Wheel Picker\" --section native`, or `guidesite new --translation fr Content/native/carousel.md`\n")
            throw ExitCode(2)
        }
        do {
            let file = try Scaffolder().newTranslation(of: translation[1], into: translation[0], root: site.rootURL)
            Console.line("Wrote \(SiteLayout(root: site.rootURL).displayPath(file)); translate it, keeping its `translation-of:` line, then run guidesite serve")
        } catch let failure as Scaffolder.Failure {
            Console.error("error: \(failure.description)\n")
            throw ExitCode(1)
        }
    }

    /// `guidesite new entry`.
    struct Entry: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write Content/SECTION/SLUG.md from Templates/archetypes/entry.md (or the built-in archetype).",
            discussion: """
                The archetype holds every "how to test" key with guidance to replace. An existing file is never overwritten.

                Examples:
                  guidesite new entry "Wheel Picker" --section native
                  guidesite new entry "Switch" --section native --categories controls,forms
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
