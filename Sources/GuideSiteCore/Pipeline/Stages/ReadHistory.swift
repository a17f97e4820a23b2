import Foundation

/// Finds the git work tree the content is in and starts reading its history on another core
/// (`HistoryRead`); `Link` gives each page its date.
/// Reads: `Walk`, `siteConfig`. Makes: `history`.
enum ReadHistory: BuildStage {
    static let name = "read history"

    static func run(_ context: inout BuildContext) {
        guard context.siteConfig.gitDates else { return }
        let paths = Set(context.walk.files.filter { $0.kind == .markdown }.map(\.relativePath))
        context.history = HistoryRead(folder: context.layout.content, paths: paths,
                                      cacheFolder: context.layout.root.appending(path: BuildRecord.folderName, directoryHint: .isDirectory))
    }

    /// `pages` with their dates.
    static func dated(_ pages: [Page], _ history: ContentHistory?) -> [Page] {
        guard let history else { return pages }
        return pages.map { page in
            guard let date = history.dates[page.contentPath], page.updated != date else { return page }
            var page = page
            page.updated = date
            return page
        }
    }
}
