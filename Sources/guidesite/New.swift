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
              guidesite new --translation fr Content/native/wheel-picker.md
            """,
        subcommands: [Entry.self]
    )

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("Copy PAGE to translate into this language of site.yml's `languages:`, recording the version it translates.",
                               valueName: "CODE"))
    var translation: String?

    @Argument(help: ArgumentHelp("The page to translate (with --translation), e.g. Content/native/wheel-picker.md.", valueName: "PAGE"))
    var page: String?

    func run() throws {
        guard let translation, let page else {
            Console.error("error: name what to start: `guidesite new entry \"Wheel Picker\" --section native`, or `guidesite new --translation fr Content/native/wheel-picker.md`\n")
            throw ExitCode(2)
        }
        do {
            let file = try Scaffolder().newTranslation(of: page, into: translation, root: site.rootURL)
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
