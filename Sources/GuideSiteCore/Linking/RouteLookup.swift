import Foundation

/// The routes links reach, by content path (`LinkResolver`): a table, or for a patch's few
/// bodies the pages themselves, asked path by path as the table would map it. Making the table
/// of a 10,000-page site cost each site of a run 15 ms to render one body; a path asked of the
/// pages costs a pass over them, so past `scans` paths the table is made after all.
final class RouteLookup: @unchecked Sendable {
    private let find: (String) -> Route?
    private let make: () -> [String: Route]
    /// The table given at once, read without the lock (a whole build's every link).
    private let given: [String: Route]?
    private let lock = NSLock()
    private var table: [String: Route]?
    private var found: [String: Route?] = [:]
    private var scansLeft: Int

    /// The table as it is.
    init(_ table: [String: Route]) {
        (given, find, make, scansLeft) = (table, { table[$0] }, { table }, 0)
    }

    /// Each path asked of `find`, until `scans` paths were asked; then the table `make` makes.
    init(scans: Int = 16, find: @escaping (String) -> Route?, make: @escaping () -> [String: Route]) {
        (given, self.find, self.make, scansLeft) = (nil, find, make, scans)
    }

    /// Every route, as one table (made now when it was not given).
    var whole: [String: Route] {
        if let given { return given }
        lock.lock()
        defer { lock.unlock() }
        if let table { return table }
        let made = make()
        (table, found) = (made, [:])
        return made
    }

    subscript(path: String) -> Route? {
        if let given { return given[path] }
        lock.lock()
        defer { lock.unlock() }
        if let table { return table[path] }
        if let route = found[path] { return route }
        guard scansLeft > 0 else {
            let made = make()
            (table, found) = (made, [:])
            return made[path]
        }
        scansLeft -= 1
        let route = find(path)
        found[path] = route
        return route
    }

    /// The routes of a site's pages (`table(of:)`), looked up path by path; `skipsGenerated`
    /// leaves out pages of no file, as the last build's routes do.
    static func pages(_ pages: [Page], skipsGenerated: Bool) -> RouteLookup {
        RouteLookup(find: { route(of: $0, in: pages, skipsGenerated: skipsGenerated) },
                    make: { table(of: skipsGenerated ? pages.filter { !$0.contentPath.isEmpty } : pages) })
    }

    /// Each page's route by its content path (and a folder's `index.md` by the folder's path);
    /// a translation's by its source's too, so that links to the source lead to it.
    static func table(of pages: [Page]) -> [String: Route] {
        var routes: [String: Route] = [:]
        routes.reserveCapacity(pages.count * 2)
        for page in pages {
            for path in page.linkPaths {
                if routes[path] == nil || path == page.translates { routes[path] = page.route }
                if let folder = folder(ofIndex: path) { routes[folder] = page.route }
            }
        }
        // A page's own address, written without its final slash (`/guides/writing/fr`), leads to
        // it as written with one: links are written with the slash.
        for page in pages where !page.contentPath.isEmpty {
            let address = page.route.path.trimming("/")
            if !address.isEmpty, routes[address] == nil { routes[address] = page.route }
        }
        return routes
    }

    /// What `table(of:)` maps `key` to, taking the pages in the same order.
    static func route(of key: String, in pages: [Page], skipsGenerated: Bool) -> Route? {
        var route: Route?
        for page in pages where !(skipsGenerated && page.contentPath.isEmpty) {
            // `linkPaths`, without making the array.
            let own = page.contentPath, translates = page.translates
            func take(_ path: String) {
                if path == key, route == nil || path == translates { route = page.route }
                if path.utf8.last == UInt8(ascii: "d"), folder(ofIndex: path) == key { route = page.route }
            }
            if let translates { take(translates) }
            if translates != nil || !own.isEmpty { take(own) }
        }
        if route != nil { return route }
        for page in pages where !page.contentPath.isEmpty {
            let address = trimmedSlashes(page.route.path)
            if !address.isEmpty, address == key { return page.route }
        }
        return nil
    }

    /// The pages a subset leaves out, by content path and by address, the last one's first.
    static func excluded(_ pages: [(contentPath: String, route: Route)]) -> RouteLookup {
        RouteLookup(
            find: { key in pages.last { $0.contentPath == key || trimmedSlashes($0.route.path) == key }?.route },
            make: {
                var routes: [String: Route] = [:]
                for page in pages {
                    routes[page.contentPath] = page.route
                    routes[page.route.path.trimming("/")] = page.route
                }
                return routes
            })
    }

    /// `guides/index.md`'s folder, `guides` (and `index.md`'s, the empty path).
    private static func folder(ofIndex path: String) -> String? {
        guard path.hasSuffix("/index.md") || path == "index.md" else { return nil }
        return String(path.dropLast("index.md".count)).trimming("/")
    }

    /// `path` without leading and trailing slashes, as `trimming("/")` gives it, uncopied.
    private static func trimmedSlashes(_ path: String) -> Substring {
        Substring(path.unicodeScalars[path.trimmedBounds { $0 == "/" }])
    }
}
