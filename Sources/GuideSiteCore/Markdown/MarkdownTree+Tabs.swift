/// Platform and framework tabs: runs of two or more adjacent code blocks, or sections, that name
/// a platform or a framework are wrapped in `<div class="tabs">`, a `<div class="tab-panel">`
/// per member, which reads as headed sections; site.js makes ARIA tabs of them. (Not `section`:
/// named by its tab, each would be a landmark.)
extension MarkdownTree {
    /// Groups the page's tab runs; a subset's filter first drops other platforms' members.
    mutating func groupTabs(_ names: TabNames, filter: PlatformFilter?) {
        groupCodeTabs(names, filter: filter)
        groupSectionTabs(names, from: document.root.firstChild, until: nil)
    }

    /// Adjacent code blocks whose fence names a platform or framework (```` ```swift UIKit ````
    /// or `title="Jetpack Compose"`), each under a heading of its own one level below the
    /// heading before the run.
    private mutating func groupCodeTabs(_ names: TabNames, filter: PlatformFilter?) {
        var labelled: [(node: MarkdownNode, label: String, kind: TabNames.Kind)] = []
        var dropped: [MarkdownNode] = []
        for node in codeBlocks {
            guard let label = MarkdownRenderer.tabLabel(ofFenceInfo: node.fenceInfo), let kind = names.kind(of: label) else { continue }
            if let filter, filter.drops(label) {
                dropped.append(node)
            } else {
                labelled.append((node, label, kind))
            }
        }
        if !dropped.isEmpty {
            codeBlocks.removeAll { dropped.contains($0) }
            for node in dropped { node.remove() }
        }
        let shift = headings.contains { $0.headingLevel == 1 } ? 1 : 0
        var index = 0
        while index < labelled.count {
            var end = index + 1
            while end < labelled.count, labelled[end - 1].node.next == labelled[end].node { end += 1 }
            let run = labelled[index..<end]
            index = end
            guard run.count > 1 else { continue }
            let level = min(6, (nearestHeadingNode(before: run.first!.node)?.headingLevel ?? 1) + shift + 1)
            let kind: TabNames.Kind = run.allSatisfy { $0.kind == .platform } ? .platform : .framework
            for (position, member) in run.enumerated() {
                let heading = "<h\(level) class=\"tab-heading\">\(HTML.escape(member.label))</h\(level)>\n"
                let open = position == 0 ? Self.groupOpening(kind) : "</div>\n"
                member.node.insertBefore(html: open + Self.panelOpening(member.label) + heading)
            }
            run.last!.node.insertAfter(html: "</div>\n</div>\n")
        }
    }

    /// Sibling sections whose headings name a platform or framework, each running to the next
    /// heading of its level or above: a member's own headings go with it into its panel, and
    /// runs inside a member (`## iOS` with `### UIKit` and `### SwiftUI`) are tabs inside it.
    private mutating func groupSectionTabs(_ names: TabNames, from first: MarkdownNode?, until end: MarkdownNode?) {
        var node = first
        var run: [(heading: MarkdownNode, label: String, kind: TabNames.Kind)] = []
        var runLevel = 0
        func close(before end: MarkdownNode?) {
            defer { run = [] }
            // Inner runs first, so their closing markup comes before this run's next panel.
            for (position, member) in run.enumerated() {
                groupSectionTabs(names, from: member.heading.next, until: position + 1 < run.count ? run[position + 1].heading : end)
            }
            if run.count > 1 {
                let kind: TabNames.Kind = run.allSatisfy { $0.kind == .platform } ? .platform : .framework
                for (position, member) in run.enumerated() {
                    let open = position == 0 ? Self.groupOpening(kind) : "</div>\n"
                    member.heading.insertBefore(html: open + Self.panelOpening(member.label))
                }
                let closing = "</div>\n</div>\n"
                if let end { end.insertBefore(html: closing) } else { document.root.lastChild?.insertAfter(html: closing) }
            }
        }
        while let current = node, current != end {
            node = current.next
            guard current.kind == .heading else { continue }
            let level = current.headingLevel, label = plainText(current), kind = names.kind(of: label)
            if !run.isEmpty, level > runLevel { continue }
            if !run.isEmpty, level < runLevel || kind == nil { close(before: current) }
            if let kind {
                if run.isEmpty { runLevel = level }
                run.append((current, label, kind))
            }
        }
        close(before: end)
    }

    private static func groupOpening(_ kind: TabNames.Kind) -> String {
        "<div class=\"tabs\" data-tabs=\"\(kind.rawValue)\">\n"
    }

    private static func panelOpening(_ label: String) -> String {
        "<div class=\"tab-panel\" data-tab=\"\(HTML.escape(label))\">\n"
    }
}
