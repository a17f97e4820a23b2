import Foundation

/// Where each page's part of criteria.json and of the acceptance files is in the files a build
/// wrote, kept in the state on disk: a build that links the site anew (a title edit) takes the
/// parts of the pages it did not edit from the output's files, as the preview takes them from
/// memory, instead of making every part again (0.7 s of a title edit at 10,000 entries with
/// two subsets).
struct ExportLayout: Sendable {
    /// By page path (`Route.path`): each entry's bytes in criteria.json.
    var criteria: [String: Range<Int>] = [:]
    /// The acceptance files' parts as located (`located`), with what they read besides their
    /// entry; none held (`byPath` is empty).
    var acceptance = AcceptanceExport.Parts()
    /// Each file's size as written, by its path in the site: another size is another file.
    var sizes: [String: Int] = [:]

    static let criteriaPath = "criteria.json"

    /// The paths of the files it describes.
    var paths: [String] {
        [Self.criteriaPath, SitePaths.acceptanceCSV] + (0..<acceptance.scripts).map { CriteriaBasket.scriptFolder + "\($0).js" }
    }

    /// The parts it locates, taken from the files `read` gives (the output's, under the site's
    /// prefix); nil when a file is missing or not the size it was written at.
    /// Each part is a slice of its file's bytes, read once.
    func parts(reading read: (String) -> [UInt8]?) -> ExportParts? {
        var files: [String: [UInt8]] = [:]
        for path in paths {
            guard let data = read(path), data.count == sizes[path] else { return nil }
            files[path] = data
        }
        func bytes(_ path: String, _ range: Range<Int>) -> ArraySlice<UInt8>? {
            guard let data = files[path], range.lowerBound >= 0, range.upperBound <= data.count else { return nil }
            return data[range]
        }
        var made = ExportParts(criteria: [:], acceptance: acceptance)
        made.acceptance.located = [:]
        made.criteria.reserveCapacity(criteria.count)
        made.acceptance.byPath.reserveCapacity(acceptance.located.count)
        for (path, range) in criteria {
            guard let entry = bytes(Self.criteriaPath, range) else { return nil }
            made.criteria[path] = JSONWriter.Fragment(slice: entry)
        }
        for (path, location) in acceptance.located {
            guard let rows = bytes(SitePaths.acceptanceCSV, location.rows),
                  let entry = bytes(CriteriaBasket.scriptFolder + "\(location.script).js", location.entry) else { return nil }
            made.acceptance.byPath[path] = AcceptanceExport.Part(rows: rows, script: location.script, entry: entry)
        }
        return made
    }
}

extension ByteWriter {
    /// An export layout, its parts by page position in `pages` (-1: none).
    mutating func exportLayout(_ layout: ExportLayout, pages: [Page]) {
        let criteria = pages.map { layout.criteria[$0.route.path] }
        let acceptance = pages.map { layout.acceptance.located[$0.route.path] }
        ints(criteria.flatMap { [$0?.lowerBound ?? -1, $0?.count ?? 0] })
        ints(acceptance.flatMap { [$0?.rows.lowerBound ?? -1, $0?.rows.count ?? 0, $0?.script ?? 0, $0?.entry.lowerBound ?? 0, $0?.entry.count ?? 0] })
        let titles = layout.acceptance.sectionTitles.sorted { $0.key < $1.key }
        strings(titles.map(\.key))
        strings(titles.map(\.value))
        int(layout.acceptance.scripts)
        string(layout.acceptance.basePath)
        optional(layout.acceptance.siteURL) { $0.string($1) }
        let sizes = layout.sizes.sorted { $0.key < $1.key }
        strings(sizes.map(\.key))
        ints(sizes.map(\.value))
    }
}

extension ByteReader {
    mutating func exportLayout(pages: [Page]) throws -> ExportLayout {
        var layout = ExportLayout()
        let criteria = try ints(), acceptance = try ints()
        guard criteria.count == pages.count * 2, acceptance.count == pages.count * 5 else { throw ByteReader.Damaged() }
        func range(_ start: Int, _ count: Int) throws -> Range<Int> {
            guard start >= 0, count >= 0, start <= LastBuild.sizeLimit, count <= LastBuild.sizeLimit else { throw ByteReader.Damaged() }
            return start..<(start + count)
        }
        for (index, page) in pages.enumerated() {
            if criteria[index * 2] >= 0 { layout.criteria[page.route.path] = try range(criteria[index * 2], criteria[index * 2 + 1]) }
            let at = index * 5
            if acceptance[at] >= 0 {
                layout.acceptance.located[page.route.path] = AcceptanceExport.Location(
                    rows: try range(acceptance[at], acceptance[at + 1]), script: acceptance[at + 2], entry: try range(acceptance[at + 3], acceptance[at + 4]))
            }
        }
        let keys = try strings(), values = try strings()
        guard keys.count == values.count else { throw ByteReader.Damaged() }
        layout.acceptance.sectionTitles = Dictionary(zip(keys, values), uniquingKeysWith: { first, _ in first })
        layout.acceptance.scripts = try int()
        guard (0...1 << 20).contains(layout.acceptance.scripts) else { throw ByteReader.Damaged() }
        layout.acceptance.basePath = try string()
        layout.acceptance.siteURL = try optional { try $0.string() }
        let paths = try strings(), sizes = try ints()
        guard paths.count == sizes.count else { throw ByteReader.Damaged() }
        layout.sizes = Dictionary(zip(paths, sizes), uniquingKeysWith: { first, _ in first })
        return layout
    }
}
