/// The settings of how Markdown and its code are written: `markdown:` and `frameworks:`.
extension SiteConfigParser {
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
