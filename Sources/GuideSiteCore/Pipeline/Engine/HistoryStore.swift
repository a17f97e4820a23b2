import Foundation

/// The content's git history, read on another core while pages are parsed: where the work tree
/// and its HEAD are at once (HEAD is part of the build's settings: a new commit builds anew),
/// the dates when `Link` asks for them. The last history read is kept, in memory and in
/// `.guidesite-cache/history`: with the same HEAD it is the answer, with a later HEAD only the
/// new commits are read; commits never change, so it never goes stale.
final class HistoryRead: @unchecked Sendable {
    let checkout: GitHistory.Checkout?
    private let group = DispatchGroup()
    private var history: ContentHistory?

    init(folder: URL, paths: Set<String>, cacheFolder: URL) {
        checkout = GitHistory.checkout(of: folder)
        guard let checkout else { return }
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
            // The same HEAD as the last build in this process (the preview's edits): its dates.
            if let known = HistoryStore.remembered(checkout) {
                history = known
                return
            }
            guard let tracked = GitHistory.tracked(in: folder)?.intersection(paths) else { return }
            history = HistoryStore.history(checkout, paths: tracked, file: cacheFolder.appending(path: "history"))
        }
    }

    /// The history, once read; nil outside a git work tree or when git failed.
    func wait() -> ContentHistory? {
        group.wait()
        return history
    }
}

enum HistoryStore {
    private static let format = "guidesite-history/1"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var memory: [String: ContentHistory] = [:]

    private static func key(_ checkout: GitHistory.Checkout) -> String { checkout.root + "\n" + checkout.prefix }

    /// The history this process read last for `checkout`'s work tree, if it was read at its HEAD.
    static func remembered(_ checkout: GitHistory.Checkout) -> ContentHistory? {
        lock.withLock { memory[key(checkout)] }.flatMap { $0.head == checkout.head ? $0 : nil }
    }

    static func history(_ checkout: GitHistory.Checkout, paths: Set<String>, file: URL) -> ContentHistory? {
        let key = key(checkout)
        // Content that git does not track (a folder git ignores inside another project): no history.
        if paths.isEmpty { return remember(ContentHistory(head: checkout.head, dates: [:]), key: key, file: nil) }
        let known = lock.withLock { memory[key] } ?? read(file)
        if let known, known.head == checkout.head { return remember(known, key: key, file: nil) }
        var history: ContentHistory
        if let known, GitHistory.isAncestor(known.head, of: checkout.head, in: checkout),
           let newer = GitHistory.dates(of: paths, in: checkout, since: known.head) {
            history = ContentHistory(head: checkout.head, dates: known.dates.merging(newer) { _, new in new })
        } else if let dates = GitHistory.dates(of: paths, in: checkout) {
            history = ContentHistory(head: checkout.head, dates: dates)
        } else {
            return nil
        }
        history.dates = history.dates.filter { paths.contains($0.key) }
        return remember(history, key: key, file: file)
    }

    private static func remember(_ history: ContentHistory, key: String, file: URL?) -> ContentHistory {
        lock.withLock { memory[key] = history }
        if let file { write(history, to: file) }
        return history
    }

    /// `guidesite-history/1`, HEAD, then `seconds offset path` per file, sorted by path.
    private static func write(_ history: ContentHistory, to file: URL) {
        var text = format + "\n" + history.head + "\n"
        for (path, date) in history.dates.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            text += "\(date.seconds) \(date.offset) \(path)\n"
        }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: file, options: .atomic)
    }

    private static func read(_ file: URL) -> ContentHistory? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == format else { return nil }
        var dates: [String: CommitDate] = [:]
        for line in lines.dropFirst(2) where !line.isEmpty {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let seconds = Int64(parts[0]), let offset = Int(parts[1]) else { return nil }
            dates[String(parts[2])] = CommitDate(seconds: seconds, offset: offset)
        }
        return ContentHistory(head: String(lines[1]), dates: dates)
    }
}
