import Foundation
import Synchronization

/// Checks the links authors wrote between pages: the target page or file must exist and the
/// anchor must be one of its heading ids. Each broken link is a warning naming the closest
/// existing page, so `--strict` turns it into an error.
public struct LinkChecker: Sendable {
    private let pagesByContentPath: [String: Int]
    private let pagesByRoute: [String: Int]
    private let assets: Set<String>
    private let anchors: [Set<String>]
    /// Each page's heading ids, in order (the closest is suggested for an anchor not found).
    private let headingIDs: [[String]]
    private let site: Site
    /// Ids the theme's layouts give their own elements, which links may name on any page.
    private let layoutIDs: Set<String>
    private let closest: ClosestPages

    /// Indexes `site` once; checking a link is then a few dictionary lookups. `headingIDs`: each
    /// page's, when its pages hold no bodies (`SiteLinkChecker`).
    public init(site: Site, assets: Set<String>, layoutIDs: Set<String> = [], headingIDs: [[String]]? = nil) {
        self.site = site
        self.assets = assets
        self.layoutIDs = layoutIDs
        var byContent: [String: Int] = [:]
        var byRoute: [String: Int] = [:]
        for (index, page) in site.pages.enumerated() {
            for path in page.linkPaths {
                if byContent[path] == nil || path == page.translates { byContent[path] = index }
                if path.hasSuffix("index.md") {
                    let folder = String(path.dropLast("index.md".count)).trimming("/")
                    byContent[folder] = index
                }
            }
            byRoute[page.route.path] = index
        }
        for section in site.sections where byContent[section.name] == nil { byContent[section.name] = section.page }
        pagesByContentPath = byContent
        closest = ClosestPages(byContent)
        pagesByRoute = byRoute
        // The layouts' own ids are valid anchors of every page; checked apart from each page's.
        self.headingIDs = headingIDs ?? site.pages.map { $0.body.headings.map(\.id) }
        anchors = self.headingIDs.map { Set($0) }
    }

    /// How a link to the site's host outside the site is told from a broken one.
    static let outside = "outside this site:"

    /// Warnings for every broken link of the page at `index`, and for links that leave the site's
    /// path for another address of its host (which may be right: it is said, not refused).
    /// `page`: the page at `index` with its body, when the site's pages hold none.
    public func check(_ index: Int, page: Page? = nil) -> [Diagnostic] {
        let page = page ?? site.pages[index]
        var problems: [Diagnostic] = []
        for link in page.body.links {
            if let message = problem(with: link.target, in: page, index: index) {
                let outside = message.hasPrefix(Self.outside)
                problems.append(Diagnostic(.warning, page.sourcePath, line: link.line, column: link.column,
                                           category: outside ? "outside-site" : "broken-link", message))
            }
        }
        return problems
    }

    private func problem(with url: String, in page: Page, index: Int) -> String? {
        if url.hasPrefix("#") {
            return anchorProblem(String(url.dropFirst()).removingPercentEncoding, target: index, written: url)
        }
        guard let link = InternalLink(url, from: page.translationKey, sitePath: site.config.basePath) else { return nil }
        let fragment = link.suffix.hasPrefix("#") ? String(link.suffix.dropFirst()).removingPercentEncoding : nil
        guard let path = link.target else {
            return "broken link `\(url)`: it leaves \(link.rootRelative ? "the site" : "Content/"); link to a page inside Content/"
        }
        if assets.contains(path) { return nil }
        var target = pagesByContentPath[path]
        if target == nil, link.rootRelative {
            target = pagesByRoute["/" + path + (path.isEmpty || path.hasSuffix(".html") ? "" : "/")]
        } else if target == nil {
            // A link written as a URL relative to the page's own address (`../button/`).
            let base = page.route.path.hasSuffix("/") ? page.route.path : page.route.path + "/"
            let fromURL = LinkResolver.normalize(String(base.dropFirst()) + link.path)
            target = fromURL.flatMap { pagesByRoute["/" + $0 + ($0.isEmpty ? "" : "/")] }
        }
        guard let target else {
            if link.mayLeaveSite {
                return Self.outside + " `\(url)`: the site is published at `\(site.config.basePath)`, so this is another address of its host and is kept as one (link to a page of the library as `\(site.config.basePath)…` or by its file)"
            }
            let name = link.path.split(separator: "/").last.map(String.init) ?? link.path
            return "broken link `\(url)`: no page or file there" + (closest[name].map { "; the closest page is `\($0)`" } ?? "")
        }
        return anchorProblem(fragment, target: target, written: url)
    }

    private func anchorProblem(_ fragment: String?, target: Int, written: String) -> String? {
        guard let fragment, !fragment.isEmpty, !anchors[target].contains(fragment), !layoutIDs.contains(fragment) else {
            return nil
        }
        let page = site.pages[target]
        let closest = Suggestion.closest(to: fragment, in: headingIDs[target]).map { "; did you mean `#\($0)`?" } ?? ""
        return "broken link `\(written)`: \(page.title) has no heading with the id `\(fragment)`\(closest)"
    }
}

/// The page file closest to a misspelt name, each name worked out once per checker: a page of
/// 100,000 broken links sorted the site's paths for each (2.0 s of a 3.4 s build).
private final class ClosestPages: Sendable {
    private let pages: [String: Int]
    /// The pages' files, sorted, so that of equally close names the same one is named on every
    /// run (a dictionary's order differs from one build to the next); made at the first ask.
    private let state = Mutex<(files: [(path: String, name: String)]?, found: [String: String?])>((nil, [:]))

    init(_ pages: [String: Int]) { self.pages = pages }

    subscript(name: String) -> String? {
        if let known = state.withLock({ $0.found[name] }) { return known }
        let files = state.withLock { state in
            if let files = state.files { return files }
            let files = pages.keys.filter { $0.hasSuffix(".md") || $0.hasSuffix(".markdown") }.sorted()
                .map { (path: $0, name: ($0 as NSString).lastPathComponent) }
            state.files = files
            return files
        }
        let closest = Suggestion.closest(to: name, in: files.map(\.name)).flatMap { file in files.first { $0.name == file }?.path }
        state.withLock { $0.found[name] = closest }
        return closest
    }
}
