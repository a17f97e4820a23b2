import Foundation

/// What the builds of one process derived, each value kept with what it read, so that a build
/// that does not start from the last one (a file added or removed, site.yml, the theme, an
/// include, a build after an error) takes again every value none of whose inputs changed:
/// - a Markdown file's parse, keyed by its stamp, the settings and the includes folder's stamps
///   (`Parse`);
/// - a page's rendered Markdown, keyed by that parse, the site's renderer and the answer to
///   every link it asked about (`RenderMarkdown`);
/// - a page's output files, keyed by its `RenderPlan` key at its address and by what every page
///   shows (the theme's other files, the languages, the texts, the day) (`RenderTemplates`).
/// The preview keeps one (`BuildMemory`). A value taken again is the one a fresh build makes, so
/// the output is too (the random-edit oracle compares them).
final class BuildMemo: @unchecked Sendable {
    /// A Markdown file's parse, its Markdown left out (read again when its page is rendered
    /// again; at 100,000 entries it is 785 MB).
    struct Parsed {
        var stamp: FileStamp
        var markdownHash: Int
        var result: Diagnosed<Page?>
    }

    /// A page's rendered Markdown and what it read beyond its page: the links it asked the
    /// resolver about, with the answers.
    struct Rendered {
        var input: Page
        var markdownHash: Int
        var renderer: Int
        var links: [AskedLink]
        var result: Diagnosed<Page>
    }

    struct AskedLink: Sendable {
        var url: String
        var target: LinkTarget
    }

    /// One site's pages as last written: each page's key and its numbered pages' keys, by the
    /// page's output file, and the key of what every page shows.
    struct Written {
        var wide: Int
        var prefix: String
        var keys: [String: Int]
        var numbered: [String: [Int]]
    }

    /// The key of the settings and includes the parses were made with.
    var parseKey: Int?
    /// By the file's path below the content folder.
    var parsed: [String: Parsed] = [:]
    /// This build's: each parsed file's Markdown hash, and the files whose parse was taken
    /// again (without Markdown), by path below the content folder.
    var markdownHashes: [String: Int] = [:]
    var taken: Set<String> = []
    /// By the site's `Variant.key`, then the page's content path.
    var rendered: [String: [String: Rendered]] = [:]
    /// By the site's `Variant.key`, and the files of the run that wrote them.
    var written: [String: Written] = [:]
    var files: [String: Data] = [:]

    /// The hash a page's Markdown is compared by.
    static func hash(_ markdown: String) -> Int {
        var hasher = Hasher()
        hasher.combine(markdown)
        return hasher.finalize()
    }

    /// Records the pages of a successful run as written, for the next run's `RenderTemplates`.
    func keep(_ sites: [BuiltSite], files: [String: Data]) {
        written = [:]
        for built in sites {
            guard let site = built.site, let keys = built.renderKeys, let wide = keys.wide, keys.keys.count == site.pages.count else { continue }
            var byFile: [String: Int] = [:], numbered: [String: [Int]] = [:]
            for (index, page) in site.pages.enumerated() {
                byFile[page.route.file] = keys.keys[index]
                if let list = keys.numbered[index] { numbered[page.route.file] = list }
            }
            written[built.variant.key] = Written(wide: wide, prefix: built.variant.prefix, keys: byFile, numbered: numbered)
        }
        self.files = written.isEmpty ? [:] : files
    }
}
