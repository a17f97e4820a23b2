import Foundation

/// Edited files whose pages came or went once read: a draft set or unset (a file made
/// unreadable, or readable again), in a subset built after the full site or previewed, an
/// edited entry it now takes or leaves out, and a page whose address moved (removed, and added
/// at the new one). Each is a file added to or removed from the sites it moved in, as
/// `withFilesMoved` handles those: the files naming it are read too.
extension Basis {
    /// The bases with the edited files' pages as `Parse` read them (`pages`); nil when no page
    /// came or went. Where the first site is a subset, an edited entry it left out and leaves out
    /// at the same address moved nothing; in a language's subset, any page that came or went
    /// declines.
    static func withPagesMoved(_ bases: [Basis], pages: [Page], context: BuildContext) throws -> [Basis]? {
        guard let first = bases.first, let variant = context.plan.variants.first else { return nil }
        // The state's Markdown paths are this walk's (`LastBuild.walked`).
        let paths = first.last.markdownPaths
        var read: [String: Page] = [:]
        for page in pages { read[page.contentPath] = page }
        // What the first site left out, when it is a subset: by file, at its address then.
        var leftOut: [String: Route] = [:]
        if variant.subset != nil { for (path, route) in first.last.excluded where leftOut[path] == nil { leftOut[path] = route } }
        let added = Set(first.added), gone = Set(first.removedFiles)
        var appeared: [Int] = [], vanished: [Int] = [], addressed: [Int] = []
        for file in first.edited where !added.contains(file) && paths.indices.contains(file) {
            let path = paths[file]
            guard !gone.contains(path) else { continue }
            let had = bases.contains { $0.last.pageOfFile.indices.contains(file) && $0.last.pageOfFile[file] >= 0 }
            if let page = read[path], let position = first.last.pageOfFile[file] < 0 ? nil : first.last.pageOfFile[file],
               first.last.site.pages[position].route != page.route {
                // Its address moved: its page goes, and comes at the new one.
                (vanished, appeared, addressed) = (vanished + [file], appeared + [file], addressed + [file])
            } else if let page = read[path], !had {
                if let route = leftOut[path], route == page.route, page.kind == .entry, variant.subset?.includes(entry: page) == false { continue }
                appeared.append(file)
                // Left out at another address: links to it lead out to the new one.
                if let route = leftOut[path], route != page.route { addressed.append(file) }
            } else if read[path] == nil, had || leftOut[path] != nil {
                vanished.append(file)
            }
        }
        if !appeared.isEmpty || !vanished.isEmpty, variant.subset != nil, variant.language != nil {
            throw Declined("an edited page came or went in a language's subset")
        }
        var moved = bases, changed = !appeared.isEmpty || !vanished.isEmpty
        // The names links give the pages that come into a subset or go from what it leaves out
        // (those with a page in a site are removed from it, and named so).
        var naming = Set<String>()
        func name(_ path: String, _ route: Route) { naming.formUnion(linkNames(path, at: route)) }
        for file in vanished { if let route = leftOut[paths[file]] { name(paths[file], route) } }
        for file in addressed {
            let path = paths[file]
            if let page = read[path] { name(path, page.route) }
            if let route = leftOut[path] { name(path, route) }
        }
        for site in moved.indices {
            moved[site].added = (moved[site].added + appeared).sorted()
            moved[site].addressed.formUnion(addressed.map { paths[$0] })
            for file in vanished {
                moved[site].removedFiles.append(paths[file])
                moved[site].remove(file, path: paths[file])
            }
            // A subset built after the full site, or the preview's.
            guard site == 0 || leavesOut(context, site: site), context.plan.variants[site].language == nil,
                  let subset = context.plan.variants[site].subset else { continue }
            let own = Set(moved[site].added)
            for file in first.edited where !own.contains(file) && paths.indices.contains(file) {
                guard let page = read[paths[file]], page.kind == .entry else { continue }
                let had = moved[site].last.pageOfFile[file] >= 0
                guard had != subset.includes(entry: page) else { continue }
                // Added there: `SelectPages` takes it, or lists it with what the subset leaves out.
                if had {
                    moved[site].remove(file, path: paths[file])
                } else {
                    name(page.contentPath, page.route)
                }
                moved[site].added.append(file)
                moved[site].added.sort()
                changed = true
            }
        }
        guard changed else { return nil }
        return try withTranslations(withFilesMoved(moved, context: context, naming: naming), context: context)
    }

    /// The page of `file` (at `path`) out of the last site: one removed.
    private mutating func remove(_ file: Int, path: String) {
        let page = last.pageOfFile[file]
        guard page >= 0 else { return }
        removed.append(page)
        removed.sort()
        last.pageOfFile[file] = -1
        pageOfEdited[path] = -1
    }
}
