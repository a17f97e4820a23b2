import Foundation

/// Finds the git work tree the content is in and starts reading its history on another core
/// (`HistoryRead`); `Link` gives each page its date.
enum ReadHistory {
    static let name = "read history"

    static func run(_ walk: Walk, settings: SiteConfig, layout: SiteLayout) -> HistoryRead? {
        guard settings.gitDates else { return nil }
        let paths = Set(walk.files.filter { $0.kind == .markdown }.map(\.relativePath))
        return HistoryRead(folder: layout.content, paths: paths, cacheFolder: layout.root.appending(path: BuildRecord.folderName, directoryHint: .isDirectory))
    }

    /// `pages` with their dates.
    static func dated(_ pages: [Page], _ history: ContentHistory?) -> [Page] {
        history.map { dated(pages, dates: $0.dates) } ?? pages
    }

    /// `pages`, each with its file's date in `dates`.
    static func dated(_ pages: [Page], dates: [String: CommitDate]) -> [Page] {
        guard !dates.isEmpty else { return pages }
        return pages.map { page in
            guard let date = dates[page.contentPath], page.updated != date else { return page }
            var page = page
            page.updated = date
            return page
        }
    }
}
