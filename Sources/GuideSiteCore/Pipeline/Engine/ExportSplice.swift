import Foundation

/// A site linked anew on disk with every page where it was (a title edit): criteria.json and
/// the acceptance files are the live output's with the edited pages' parts replaced, and only
/// the files holding one are read and written; the others stay as the live output has them.
/// Every part is a function of its page and of what `stands` compares, so the bytes are those
/// a whole build makes.
enum ExportSplice {
    /// One file's parts replaced: where each was, and its bytes now.
    private typealias Edits = [(range: Range<Int>, bytes: ArraySlice<UInt8>)]

    /// Writes the files holding an edited page's part (`edited`: their `Route.path`) and returns
    /// where every part now is and how many criteria.json parts were taken as they were; nil, with nothing written, when the pages with parts or what
    /// the parts read besides their page are not the last build's (`last`), or a file is not
    /// the one it describes. `read`: the live output's file at a path in the site.
    static func write(_ site: Site, basePath: String, edited: Set<String>, last: ExportLayout,
                      read: (String) -> MappedFile?, writer: any SiteOutput) throws -> (layout: ExportLayout, taken: Int)? {
        let criteriaPages = CriteriaExport.entries(of: site, basePath: basePath)
        let acceptancePages = AcceptanceExport.entries(of: site)
        guard stands(last, site: site, basePath: basePath, criteria: criteriaPages, acceptance: acceptancePages) else { return nil }
        var edits: [String: Edits] = [:]
        for (page, path) in criteriaPages where edited.contains(page.route.path) {
            guard let range = last.criteria[page.route.path] else { return nil }
            edits[ExportLayout.criteriaPath, default: []].append((range, CriteriaExport.entry(page, path: path, config: site.config).bytes[...]))
        }
        for page in acceptancePages where edited.contains(page.route.path) {
            guard let location = last.acceptance.located[page.route.path] else { return nil }
            let part = AcceptanceExport.part(of: page, sectionTitles: last.acceptance.sectionTitles, basePath: basePath, config: site.config,
                                             scripts: last.acceptance.scripts)
            guard part.script == location.script else { return nil }
            edits[SitePaths.acceptanceCSV, default: []].append((location.rows, part.rows))
            edits[CriteriaBasket.scriptFolder + "\(location.script).js", default: []].append((location.entry, part.entry))
        }
        var files: [(path: String, file: MappedFile, changes: Edits)] = []
        var layout = last
        for (path, changes) in edits.sorted(by: { $0.key < $1.key }) {
            let changes = changes.sorted { $0.range.lowerBound < $1.range.lowerBound }
            guard let file = read(path), file.count == last.sizes[path],
                  zip(changes, changes.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }),
                  changes.last.map({ $0.range.upperBound <= file.count }) ?? true else { return nil }
            let moved = shifts(changes)
            let size = file.count + changes.reduce(0) { $0 + $1.bytes.count - $1.range.count }
            switch path {
            case ExportLayout.criteriaPath:
                // What follows the entries (the rules of the criteria cited) is the whole build's.
                let after = CriteriaExport.emptyDocument(site, pages: criteriaPages).dropFirst("{\"entries\":[".utf8.count)
                // The file's own tail when no part reaches into it.
                guard let end = changes.last?.range.upperBound, after.count <= file.count - end,
                      file.withUnsafeBytes({ $0.suffix(after.count).elementsEqual(after) }) else { return nil }
                layout.criteria = layout.criteria.mapValues(moved)
            case SitePaths.acceptanceCSV:
                layout.acceptance.located = layout.acceptance.located.mapValues { location in
                    var moving = location
                    moving.rows = moved(location.rows)
                    return moving
                }
            default:
                let script = Int(path.dropFirst(CriteriaBasket.scriptFolder.count).dropLast(".js".count))
                layout.acceptance.located = layout.acceptance.located.mapValues { location in
                    guard location.script == script else { return location }
                    var moving = location
                    moving.entry = moved(location.entry)
                    return moving
                }
            }
            layout.sizes[path] = size
            // Every part the same length and bytes: the file as it was.
            let same = changes.allSatisfy { change in
                change.bytes.count == change.range.count && file.withUnsafeBytes { $0[change.range].elementsEqual(change.bytes) }
            }
            if !same { files.append((path, file, changes)) }
        }
        for (path, file, changes) in files {
            let parts = Array(changes.map(\.bytes).joined())
            try file.withUnsafeBytes { old in
                try parts.withUnsafeBytes { new in try writer.write(pieces: pieces(of: old, changes, new), to: path) }
            }
        }
        return (layout, criteriaPages.count - (edits[ExportLayout.criteriaPath]?.count ?? 0))
    }

    /// Whether the parts of the pages not edited are the last build's: the same pages have parts,
    /// and the same section titles, base path, address and number of scripts are read.
    private static func stands(_ last: ExportLayout, site: Site, basePath: String, criteria: [(page: Page, path: String)], acceptance: [Page]) -> Bool {
        guard criteria.count == last.criteria.count, criteria.allSatisfy({ last.criteria[$0.page.route.path] != nil }),
              acceptance.count == last.acceptance.located.count, acceptance.allSatisfy({ last.acceptance.located[$0.route.path] != nil }) else { return false }
        let parts = last.acceptance
        return parts.sectionTitles == AcceptanceExport.sectionTitles(of: site) && parts.basePath == basePath && parts.siteURL == site.config.url
            && parts.scripts == CriteriaBasket.scriptCount(entries: acceptance.count)
    }

    /// `file` with each of `changes` (in order, none overlapping; `new`, their bytes one after
    /// the other) in place of its range, as the pieces to write: the file's are not copied.
    private static func pieces(of file: UnsafeRawBufferPointer, _ changes: Edits, _ new: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        var pieces: [UnsafeRawBufferPointer] = []
        var at = 0, taken = 0
        for change in changes {
            pieces.append(UnsafeRawBufferPointer(rebasing: file[at..<change.range.lowerBound]))
            pieces.append(UnsafeRawBufferPointer(rebasing: new[taken..<(taken + change.bytes.count)]))
            (at, taken) = (change.range.upperBound, taken + change.bytes.count)
        }
        pieces.append(UnsafeRawBufferPointer(rebasing: file[at...]))
        return pieces
    }

    /// Where a part's range of the file is once `changes` are made: a changed part's start moved
    /// by the changes before it, its length the new part's; any other moved likewise.
    private static func shifts(_ changes: Edits) -> (Range<Int>) -> Range<Int> {
        var before = [0]
        for change in changes { before.append(before.last! + change.bytes.count - change.range.count) }
        let starts = changes.map(\.range.lowerBound)
        return { range in
            // The changes starting before this part.
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            let start = range.lowerBound + before[low]
            if low < changes.count, changes[low].range == range { return start..<(start + changes[low].bytes.count) }
            return start..<(start + range.count)
        }
    }
}
