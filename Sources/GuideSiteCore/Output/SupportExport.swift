import Foundation

/// `support/support.json` and `support/support.csv`: every entry's support results (`support:`)
/// for other tools, as the support matrix shows them (a subset's on its platforms only).
///
/// ```
/// { "schema": "guidesite-support/1", "today": "2026-11-26", "staleAfterMonths": 12,
///   "entries": [ { "title": String, "path": String, "url": String?,
///                  "results": [ { "technology": String, "version": String?, "platform": String?,
///                                 "browser": String?, "result": String?, "date": String?,
///                                 "stale": Bool, "notes": String?, "video": String? } ] } ] }
/// ```
enum SupportExport {
    static let schema = "guidesite-support/1"

    /// Both files, or nil when no entry has results.
    static func files(for site: Site, basePath: String, today: String) -> (json: Data, csv: Data)? {
        let months = site.config.supportStaleAfter
        let tested = site.pages.filter { !$0.route.isInOtherLanguage }
            .map { (page: $0, rows: SupportResults.rows(of: $0, config: site.config)) }
            .filter { !$0.rows.isEmpty }
            .sorted { $0.page.route.path < $1.page.route.path }
        guard !tested.isEmpty else { return nil }
        func stale(_ row: SupportResult) -> Bool { row.isStale(today: today, months: months) }
        var csv: [UInt8] = []
        AcceptanceExport.row(["Entry", "URL", "Technology", "Version", "Platform", "Browser", "Result", "Date", "Stale", "Notes", "Video"], into: &csv)
        let entries = tested.map { page, rows -> [String: Any] in
            let path = page.route.href(basePath: basePath)
            let url = SitePaths.absolute(path, siteURL: site.config.url)
            var entry: [String: Any] = ["title": page.title, "path": path]
            if let url { entry["url"] = url }
            entry["results"] = rows.map { row -> [String: Any] in
                var result: [String: Any] = ["technology": row.technology, "stale": stale(row)]
                for (key, value) in [("version", row.version), ("platform", row.platform), ("browser", row.browser), ("result", row.outcome?.rawValue),
                                     ("date", row.date), ("notes", row.notes), ("video", row.video)] {
                    if let value { result[key] = value }
                }
                AcceptanceExport.row([page.title, url ?? path, row.technology, row.version ?? "", row.platform ?? "", row.browser ?? "",
                                      row.outcome?.rawValue ?? "", row.date ?? "", stale(row) ? "yes" : "no", row.notes ?? "", row.video ?? ""], into: &csv)
                return result
            }
            return entry
        }
        let document: [String: Any] = ["schema": schema, "today": today, "staleAfterMonths": months, "entries": entries]
        return (JSONWriter.compactData(document), Data(csv))
    }
}
