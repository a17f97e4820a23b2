import Foundation
import Synchronization

/// Checks the links authors wrote between pages: the target page or file must exist and the
/// anchor must be one of its heading ids. Each broken link is a warning naming the closest
/// existing page, so `--strict` turns it into an error.
public struct LinkChecker: Sendable {
    private let pagesByContentPath: [String: Int]
    private let pagesByRoute: [String: Int]
    private let anchors: [Set<String>]
    private let assets: Set<String>
    private let layoutIDs: Set<String>
    /// What the checker reads of the site: its answers are the same while these are.
    let targets: LinkTargets
    /// The site's pages, when it was made from one: the pages checked and the titles named.
    private let site: Site?
    private let closest: ClosestPages

    /// Indexes `site` once; checking a link is then a few dictionary lookups. `headingIDs`: each
    /// page's, when its pages hold no bodies.
    public init(site: Site, assets: Set<String>, layoutIDs: Set<String> = [], headingIDs: [[String]]? = nil) {
        self.init(LinkTargets(site: site, assets: assets, layoutIDs: layoutIDs, headingIDs: headingIDs), site: site)
    }

    /// Indexes `targets`: a page's problems then name titles through `check`'s `title`.
    init(_ targets: LinkTargets, site: Site? = nil) {
        self.targets = targets
        self.site = site
        var byContent: [String: Int] = [:]
        var byRoute: [String: Int] = [:]
        for (index, own) in targets.contentPaths.enumerated() {
            let translates = targets.translates[index]
            for path in translates.map({ [$0, own] }) ?? (own.isEmpty ? [] : [own]) {
                if byContent[path] == nil || path == translates { byContent[path] = index }
                if path.hasSuffix("index.md") {
                    let folder = String(path.dropLast("index.md".count)).trimming("/")
                    byContent[folder] = index
                }
            }
            byRoute[targets.routes[index]] = index
        }
        for section in targets.sections where byContent[section.name] == nil { byContent[section.name] = section.page }
        pagesByContentPath = byContent
        closest = ClosestPages(byContent)
        pagesByRoute = byRoute
        anchors = targets.headingIDs.map { Set($0) }
        (assets, layoutIDs) = (Set(targets.assets), Set(targets.layoutIDs))
    }

    /// How a link to the site's host outside the site is told from a broken one.
    static let outside = "outside this site:"

    /// Warnings for every broken link of the page at `index`, and for links that leave the site's
    /// path for another address of its host (which may be right: it is said, not refused).
    /// `page`: the page at `index` with its body, when the site's pages hold none; `title`: a
    /// page's title by index, when the checker was made from targets alone.
    public func check(_ index: Int, page: Page? = nil, title: ((Int) -> String)? = nil) -> [Diagnostic] {
        guard let page = page ?? site?.pages[index] else { preconditionFailure("a page to check") }
        let title = title ?? { index in
            guard let site else { preconditionFailure("a checker made from targets alone names titles through `title`") }
            return site.pages[index].title
        }
        var problems: [Diagnostic] = []
        for link in page.body.links {
            if let message = problem(with: link.target, in: page, index: index, title: title) {
                let outside = message.hasPrefix(Self.outside)
                problems.append(Diagnostic(.warning, page.sourcePath, line: link.line, column: link.column,
                                           category: outside ? "outside-site" : "broken-link", message))
            }
        }
        return problems
    }

    private func problem(with url: String, in page: Page, index: Int, title: (Int) -> String) -> String? {
        if url.hasPrefix("#") {
            return anchorProblem(String(url.dropFirst()).removingPercentEncoding, target: index, written: url, title: title)
        }
        guard let link = InternalLink(url, from: page.translationKey, sitePath: targets.basePath) else { return nil }
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
                let base = targets.basePath
                return Self.outside + " `\(url)`: the site is published at `\(base)`, so this is another address of its host"
                    + " and is kept as one (link to a page of the library as `\(base)…` or by its file)"
            }
            let name = link.path.split(separator: "/").last.map(String.init) ?? link.path
            return "broken link `\(url)`: no page or file there" + (closest[name].map { "; the closest page is `\($0)`" } ?? "")
        }
        return anchorProblem(fragment, target: target, written: url, title: title)
    }

    private func anchorProblem(_ fragment: String?, target: Int, written: String, title: (Int) -> String) -> String? {
        guard let fragment, !fragment.isEmpty, !anchors[target].contains(fragment), !layoutIDs.contains(fragment) else {
            return nil
        }
        let closest = Suggestion.closest(to: fragment, in: targets.headingIDs[target]).map { "; did you mean `#\($0)`?" } ?? ""
        return "broken link `\(written)`: \(title(target)) has no heading with the id `\(fragment)`\(closest)"
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
