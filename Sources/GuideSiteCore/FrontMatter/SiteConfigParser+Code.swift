/// The settings of how Markdown, its code and long lists are written: `markdown:`,
/// `frameworks:` and `pagination:`.
extension SiteConfigParser {
    /// `pagination: {size: 100, path: page}`: how many items each page of a long list holds, and
    /// the folder of its numbered pages.
    func pagination(_ entry: FrontEntry, into config: inout SiteConfig, report: (FrontEntry, Diagnostic.Severity, String) -> Void) {
        guard case .map(let options) = entry.value else {
            report(entry, .error, "`pagination` must be a map such as `pagination: {size: 100}`")
            return
        }
        for option in options {
            switch option.key {
            case "size":
                if let size = option.value.text.flatMap({ Int($0.trimmingWhitespace()) }), (1...100_000).contains(size) {
                    config.pagination.size = size
                } else {
                    report(option, .error, "`pagination.size` must be a whole number of items per page from 1, such as `size: 100`")
                }
            case "path":
                let value = option.value.text?.trimmingWhitespace() ?? ""
                if !value.isEmpty, value == Slug.make(value), !value.contains("/"), value != "." , value != ".." {
                    config.pagination.path = value
                } else {
                    report(option, .error, "`pagination.path` must be one lowercase folder name such as `page`, not `\(value)`")
                }
            default:
                report(option, .warning, "unknown pagination option `\(option.key)`; the ones GuideSite knows are `size` and `path`."
                       + Suggestion.didYouMean(option.key, in: ["size", "path"]))
            }
        }
    }

    /// `markdown: {unsafe-html: false, highlight: true, tabs: true}`.
    func markdownOptions(_ entry: FrontEntry, into config: inout SiteConfig, report: (FrontEntry, Diagnostic.Severity, String) -> Void) {
        guard case .map(let options) = entry.value else {
            report(entry, .error, "`markdown` must be a map such as `markdown: {unsafe-html: true}`")
            return
        }
        for option in options {
            guard case .bool(let flag) = option.value else {
                let known = ["unsafe-html", "highlight", "tabs"].contains(option.key)
                report(option, known ? .error : .warning, known
                       ? "`\(option.key)` must be `true` or `false`"
                       : "unknown markdown option `\(option.key)`; the ones GuideSite knows are `unsafe-html`, `highlight` and `tabs`.")
                continue
            }
            switch option.key {
            case "unsafe-html": config.unsafeHTML = flag
            case "highlight": config.highlightCode = flag
            case "tabs": config.tabs = flag
            default:
                report(option, .warning, "unknown markdown option `\(option.key)`; the ones GuideSite knows are `unsafe-html`, `highlight` and `tabs`.")
            }
        }
    }

    /// `frameworks: [UIKit, SwiftUI]`, or by platform: `frameworks: {iOS: [UIKit, SwiftUI], Android: [Views, Compose]}`.
    func frameworks(_ entry: FrontEntry, report: (FrontEntry, Diagnostic.Severity, String) -> Void) -> [Framework]? {
        let example = "`frameworks: {iOS: [UIKit, SwiftUI], Android: [Views, Compose]}` or `frameworks: [UIKit, SwiftUI]`"
        if case .map(let platforms) = entry.value {
            var frameworks: [Framework] = []
            for platform in platforms {
                guard let names = stringList(platform.value) else {
                    report(platform, .error, "the frameworks of `\(platform.key)` must be a list of names, e.g. \(example)")
                    continue
                }
                frameworks += names.map { Framework(name: $0.trimmingWhitespace(), platform: platform.key) }
            }
            return frameworks
        }
        guard let names = stringList(entry.value) else {
            report(entry, .error, "`frameworks` must be a list of names or a map from platforms to lists, e.g. \(example)")
            return nil
        }
        return names.map { Framework(name: $0.trimmingWhitespace()) }
    }

    /// A framework's platform must be one of `platforms:`, or subsets could not tell whose it is.
    func checkPlatforms(of frameworks: [Framework], in platforms: [String], entry: FrontEntry,
                        report: (FrontEntry, Diagnostic.Severity, String) -> Void) {
        let known = Set(platforms.map { $0.lowercased() })
        for platform in Set(frameworks.compactMap(\.platform)).sorted() where !known.contains(platform.lowercased()) {
            report(entry, .warning, "`frameworks` names the platform `\(platform)`, which is not in `platforms:` (\(platforms.joined(separator: ", ")));"
                   + " add it there or correct the name.\(Suggestion.didYouMean(platform, in: platforms))")
        }
    }
}
