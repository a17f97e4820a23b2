import Foundation

/// A site's long lists, written as numbered pages (`Pagination`): which pages each list writes,
/// and under a patch, which the last build wrote that this one does not.
extension RenderTemplates {
    /// Each page to render with its number and address: the pages of a long list after its first
    /// at `<list>/page/N/`, up to where a page of the site has that address (`lastPages`).
    /// `numbers`: of a list's pages, only those to render again (`RenderPlan.numbersToRender`).
    static func numberedPages(_ targets: [Int], site: Site, numbers: [Int: Set<Int>], last: [Int: Int]) -> [(Int, Int, Route)] {
        let settings = site.config.pagination
        var outputs: [(Int, Int, Route)] = []
        outputs.reserveCapacity(targets.count)
        for index in targets {
            let route = site.pages[index].route
            let only = numbers[index]
            for number in 1...(last[index] ?? 1) where only?.contains(number) ?? true {
                outputs.append((index, number, settings.route(of: route, number: number)))
            }
        }
        return outputs
    }

    /// How many pages each long list writes: all of them, or up to the first whose address a page
    /// of the site has, with a warning (every build, whichever pages it renders, says it).
    static func lastPages(_ site: Site, diagnostics: inout [Diagnostic]) -> [Int: Int] {
        let settings = site.config.pagination
        var last: [Int: Int] = [:]
        for (index, count) in ListPages.splitLists(site).sorted(by: { $0.key < $1.key }) {
            let list = site.pages[index].route
            last[index] = count
            for number in 2...count {
                guard let taken = site.pageIndex[settings.route(of: list, number: number)] else { continue }
                let other = site.pages[taken]
                diagnostics.append(Diagnostic(.warning, other.sourcePath.isEmpty ? "site.yml" : other.sourcePath, category: "pagination",
                    "`\(other.route.path)` is page \(number) of the list `\(list.path)` and this page's address; the list stops at page \(number - 1). "
                    + "Move the page, or set `pagination: {path: NAME}` in site.yml to number the list's pages in another folder"))
                last[index] = number - 1
                break
            }
        }
        return last
    }

    /// The files the `last` site wrote that this one does not: the `.feature` file of an edited
    /// entry that no longer has one (its tests taken out), and when pages came or went, those of
    /// the pages gone (with their `.feature` files) and a list's numbered pages past its end.
    static func unwritten(_ site: Site, last: Site, edits: EditSummary, lastPages: [Int: Int]) -> [(Page, String)] {
        var files: [(Page, String)] = zip(edits.positions, edits.last).compactMap { position, was in
            let page = site.pages[position]
            guard page.route == was.route, FeatureFile.isWritten(for: was, in: last.config), !FeatureFile.isWritten(for: page, in: site.config) else { return nil }
            return (page, TestPlan.featurePath(of: page.route))
        }
        guard edits.lastPosition != nil else { return files }
        var ignored: [Diagnostic] = []
        let before = self.lastPages(last, diagnostics: &ignored), settings = site.config.pagination
        var now: [Route: Int] = [:]
        for index in written(site) { now[site.pages[index].route] = lastPages[index] ?? 1 }
        for index in written(last) {
            let page = last.pages[index], kept = now[page.route] ?? 0, had = before[index] ?? 1
            guard kept < had else { continue }
            files += ((kept + 1)...had).map { (page, settings.route(of: page.route, number: $0).file) }
            if kept == 0 { files.append((page, TestPlan.featurePath(of: page.route))) }
        }
        return files
    }
}
