import Foundation
import GuideSiteCore

/// Prints diagnostics (stderr) and the summary line (stdout).
struct Report {
    var quiet: Bool

    static func printTimings(_ result: BuildResult) {
        for (stage, milliseconds) in result.timings {
            Console.line(String(format: "%8.1f ms  %@", milliseconds, stage))
        }
    }

    func printDiagnostics(_ result: BuildResult) {
        var errors = ""
        for diagnostic in result.diagnostics where !quiet || diagnostic.severity == .error {
            errors += diagnostic.description + "\n"
        }
        Console.error(Colour.highlight(errors))
    }

    func print(_ result: BuildResult, timings: Bool) {
        printDiagnostics(result)
        if timings { Self.printTimings(result) }
        guard !quiet else { return }
        if !result.configuration.isEmpty { Console.line(result.configuration.joined(separator: "\n")) }
        var pages = "\(result.pagesWritten) page\(result.pagesWritten == 1 ? "" : "s")"
        let subsets = result.sites / max(1, result.languages) - 1
        let inLanguages = result.languages > 1 ? " in \(result.languages) languages" : ""
        if result.sites > 1, subsets == 0 { pages += " (\(result.sites) sites: the full site\(inLanguages))" }
        if subsets > 0 { pages += " (\(result.sites) sites: the full site and \(subsets) subset\(subsets == 1 ? "" : "s")\(inLanguages))" }
        let problems = "\(result.warningCount) warning\(result.warningCount == 1 ? "" : "s"), \(result.errorCount) error\(result.errorCount == 1 ? "" : "s")"
        let groups = result.groupedProblems
        if !groups.isEmpty, result.warningCount + groups.reduce(0, { $0 + $1.count }) > 0 {
            var lines = ["Read \(result.filesRead) Markdown file\(result.filesRead == 1 ? "" : "s")"
                + (result.pastedText > 0 ? " (\(result.pastedText) as pasted text)" : "")
                + " and copied \(result.filesCopied) other file\(result.filesCopied == 1 ? "" : "s"). Not carried over as written:"]
            for group in groups {
                lines.append("  \(group.category): \(group.count) (\(group.first.joined(separator: ", "))\(group.count > group.first.count ? ", ..." : ""))")
            }
            Console.line(lines.joined(separator: "\n"))
        }
        switch result.outcome {
        case .success where result.upToDate:
            Console.line("\(result.output.path) is up to date: nothing changed since the last build (\(pages), \(problems)); checked in \(result.milliseconds) ms")
        case .success where result.pagesRendered != nil:
            let rendered = result.pagesRendered ?? 0
            Console.line("Wrote \(pages) to \(result.output.path), \(problems), in \(result.milliseconds) ms: \(rendered) page\(rendered == 1 ? "" : "s") rendered again after edits, the others kept from the last build")
        case .success:
            Console.line("Wrote \(pages) to \(result.output.path), \(problems), in \(result.milliseconds) ms")
        case .contentErrors, .usageError:
            Console.line("Build failed: wrote 0 pages (output left as it was), \(problems), in \(result.milliseconds) ms")
        }
    }
}

/// Standard output without buffering, so lines show up at once even when piped to a file.
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Colour for `error:` and `warning:` on a terminal; none when piped or with `NO_COLOR` set.
enum Colour {
    static let enabled: Bool = isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        && ProcessInfo.processInfo.environment["TERM"] != "dumb"

    static func highlight(_ text: String) -> String {
        guard enabled else { return text }
        return text
            .replacingOccurrences(of: ": error: ", with: ": \u{1B}[1;31merror:\u{1B}[0m ")
            .replacingOccurrences(of: ": warning: ", with: ": \u{1B}[1;33mwarning:\u{1B}[0m ")
            .replacingOccurrences(of: ": note: ", with: ": \u{1B}[1;36mnote:\u{1B}[0m ")
    }
}
