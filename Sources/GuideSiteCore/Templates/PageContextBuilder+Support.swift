import Foundation

/// An entry's support results (`support:`): a row per assistive technology it was tested with,
/// each result in words, old ones (`support-stale-after:` months) saying so.
extension PageContextBuilder {
    func supportValues(for page: Page) -> ContextValue? {
        guard let value = page.frontMatter.entries["support"]?.value,
              case let rows = SupportResults.read(value, entry: FrontEntry(key: "support", value: value, line: 1, column: 1), path: "").value,
              !rows.isEmpty else { return nil }
        let months = site.config.supportStaleAfter
        var anchors = Set<String>()
        let items = rows.map { row -> ContextMap in
            var anchor = "support-" + HeadingIDGenerator.slug([row.technology, row.platform ?? ""].joined(separator: " "))
            while !anchors.insert(anchor).inserted { anchor += "-2" }
            var item: ContextMap = [
                .name: .text(row.technology), .anchor: .text(anchor),
                .status: .text(row.outcome.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") } ?? "unknown"),
                .text: .text(strings["result-" + (row.outcome.map { $0.rawValue.replacingOccurrences(of: " ", with: "-") } ?? "unknown")]),
            ]
            item[.version] = .text(ifAny: row.version)
            item[.platform] = .text(ifAny: row.platform)
            item[.browser] = .text(ifAny: row.browser)
            item[.notes] = .text(ifAny: row.notes)
            item[.date] = .text(ifAny: row.date)
            if let date = row.date, let age = SupportResults.monthsBetween(date, and: today), age >= months {
                item[.stale] = .text(strings.format("support-stale", ["period": strings.count(months, "months")]))
            }
            if let video = row.video, !video.isEmpty {
                let isAddress = video.contains("://") || video.hasPrefix("/")
                let folder = page.contentPath.split(separator: "/").dropLast().joined(separator: "/")
                let href = isAddress ? video : SiteRoot.marker + Route.percentEncode(folder.isEmpty ? video : folder + "/" + video)
                item[.video] = .map([.href: .text(href), .label: .text(strings.format("support-video", ["technology": row.technology]))])
            }
            return item
        }
        return .map([.caption: .text(strings.format("support-caption", ["title": page.title])), .rows: .list(items)])
    }
}
