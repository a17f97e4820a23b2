import Foundation

/// A generator's navigation as its configuration writes it: pages in order, each with the title
/// the navigation gives it, and titled groups of them. MkDocs's `nav:`, Docusaurus's sidebars,
/// VitePress's and Starlight's `sidebar` are each read into it, and applied by one function.
indirect enum NavItem: Equatable {
    /// A page by its path below the content folder (`components/button.md`).
    case page(path: String, title: String?)
    case group(title: String, items: [NavItem])

    var pages: [(path: String, title: String?)] {
        switch self {
        case .page(let path, let title): [(path, title)]
        case .group(_, let items): items.flatMap(\.pages)
        }
    }

    /// MkDocs's `nav:`: paths, `Title: path` and `Title: [children]`; addresses elsewhere left out.
    static func mkdocs(_ value: FrontValue) -> [NavItem] {
        switch value {
        case .text(let target): target.contains("://") ? [] : [.page(path: target.trimming("/"), title: nil)]
        case .list(let children): children.flatMap(mkdocs)
        case .map(let pairs): pairs.flatMap { pair -> [NavItem] in
            if case .text(let target) = pair.value {
                return target.contains("://") ? [] : [.page(path: target.trimming("/"), title: pair.key)]
            }
            return [.group(title: pair.key, items: mkdocs(pair.value))]
        }
        default: []
        }
    }
}

extension LibraryConfig {
    /// The navigation's pages in order: each page's `order` and the title the navigation gives it
    /// (front matter defaults scoped to its file, which its own front matter overrides), and each
    /// top-level group whose pages share a folder as that folder's section, titled and in order.
    mutating func apply(navigation items: [NavItem], from entry: FrontEntry, name: String) {
        var defaults: [FrontValue] = [], sections: [FrontEntry] = []
        func line(_ key: String, _ value: FrontValue) -> FrontEntry {
            FrontEntry(key: key, value: value, line: entry.line, column: entry.column)
        }
        for item in items {
            let found = item.pages
            if case .group(let title, _) = item {
                let folders = Set(found.map { $0.path.split(separator: "/").dropLast().first.map(String.init) ?? "" })
                if folders.count == 1, let folder = folders.first, !folder.isEmpty, !sections.contains(where: { $0.key == folder }) {
                    sections.append(line(folder, .map([line("title", .text(title))])))
                }
            }
            for page in found {
                var values = [line("order", .text(String(defaults.count + 1)))]
                if let title = page.title { values.append(line("title", .text(title))) }
                defaults.append(.map([line("scope", .map([line("path", .text(page.path))])), line("values", .map(values))]))
            }
        }
        guard !defaults.isEmpty else { return }
        if items.contains(where: { $0.pages.contains { $0.title != nil } }) {
            notTaken.append("`\(name)` titles of pages with a title of their own (in their front matter or first heading;"
                            + " a page without one takes its `\(name)` title)")
        }
        let counted = "\(defaults.count) pages" + (sections.isEmpty ? "" : ", \(sections.count) sections")
        set("defaults", .list(defaults), from: entry, note: "\(name) (\(counted))")
        if !sections.isEmpty { entries.append(line("sections", .map(sections))) }
    }

    /// The navigation a JavaScript-configured library writes as plain data: Docusaurus's first
    /// sidebar in `sidebars.js`, VitePress's and Starlight's `sidebar:` in their configuration.
    /// Computed in JavaScript, or naming no page of the library: today's order, and a note.
    mutating func readNavigation(script: String, root: URL, content: String, path: String) {
        let folder = content == "." ? root : root.appending(path: content, directoryHint: .isDirectory)
        let page = { (written: String) in Self.pagePath(written, in: folder) }
        var source = (text: script, name: "sidebar", pattern: #"\bsidebar\s*:\s*"#)
        if generator == .docusaurus {
            guard let file = Self.sidebarFiles.first(where: { FileManager.default.fileExists(atPath: root.appending(path: $0).path) }),
                  let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8) else { return }
            readFiles.append(file)
            source = (text, file, #"(module\.exports\s*=|export\s+default|const\s+\w+(\s*:\s*[\w.]+)?\s*=)\s*"#)
        }
        guard source.text.range(of: source.pattern, options: .regularExpression) != nil else { return }
        guard let value = ScriptLiteral.value(after: source.pattern, in: source.text) else {
            notTaken.append("`\(source.name)` (computed in JavaScript: the pages keep their own order)")
            return
        }
        let items: [NavItem] = switch generator {
        case .docusaurus: Self.docusaurus(value, page: page)
        case .vitepress: Self.vitepress(value, page: page)
        default: Self.starlight(value, page: page)
        }
        let at = FrontEntry(key: source.name, value: .null, line: 1, column: 1)
        apply(navigation: items, from: at, name: source.name)
    }

    /// The file a navigation names by a Docusaurus id, a Starlight slug or a VitePress link
    /// (`/guide/intro`, `guide/`, `intro.md#part`), below `folder`; nil when there is none.
    static func pagePath(_ written: String, in folder: URL) -> String? {
        guard !written.contains("://") else { return nil }
        var path = String(written.prefix { $0 != "#" && $0 != "?" }).trimming("/")
        for suffix in [".html", ".md", ".mdx"] where path.hasSuffix(suffix) { path = String(path.dropLast(suffix.count)) }
        let candidates = path.isEmpty ? ["index.md", "index.mdx", "README.md"]
            : [path + ".md", path + ".mdx", path + "/index.md", path + "/index.mdx", path + "/README.md"]
        return candidates.first { FileManager.default.fileExists(atPath: folder.appending(path: $0).path) }
    }

    /// A navigation's value: a list is its items in order, a text names a page, and a map is
    /// read by `map`, which is given this walk for the values inside it.
    private static func outline(_ value: FrontValue, page: (String) -> String?,
                                map: ([FrontEntry], (FrontValue) -> [NavItem]) -> [NavItem]) -> [NavItem] {
        // (The walk hands itself to `map`, which calls it back: neither outlives this call.)
        withoutActuallyEscaping(map) { map in
            func items(_ value: FrontValue) -> [NavItem] {
                switch value {
                case .list(let list): list.flatMap(items)
                case .text(let target): page(target).map { [.page(path: $0, title: nil)] } ?? []
                case .map(let fields): map(fields, items)
                default: []
                }
            }
            return items(value)
        }
    }

    /// Docusaurus: the first sidebar; a doc id, `{type: 'doc', id, label}`, `{type: 'category',
    /// label, items, link: {type: 'doc', id}}` and the shorthand `{'Label': [items]}`.
    private static func docusaurus(_ sidebars: FrontValue, page: (String) -> String?) -> [NavItem] {
        guard case .map(let named) = sidebars, let first = named.first else { return [] }
        return outline(first.value, page: page) { fields, items in
            let type = fields["type"]?.value.text
            if type == nil, fields.count == 1 { return [.group(title: fields[0].key, items: items(fields[0].value))] }
            let label = fields["label"]?.value.text
            if type == "doc", let id = fields["id"]?.value.text { return page(id).map { [.page(path: $0, title: label)] } ?? [] }
            guard type == "category", let label else { return [] }
            let linked: [NavItem] = fields["link"].flatMap { link in
                guard case .map(let target) = link.value, target["type"]?.value.text == "doc",
                      let id = target["id"]?.value.text else { return nil }
                return page(id).map { [.page(path: $0, title: nil)] }
            } ?? []
            return [.group(title: label, items: linked + (fields["items"].map { items($0.value) } ?? []))]
        }
    }

    /// VitePress: `[{text, link, items}]`, or by path prefix `{'/guide/': [...]}` (each in turn).
    private static func vitepress(_ sidebar: FrontValue, page: (String) -> String?) -> [NavItem] {
        outline(sidebar, page: page) { fields, items in
            guard fields["text"] != nil || fields["link"] != nil else {
                return fields.flatMap { prefix -> [NavItem] in
                    if case .map(let settings) = prefix.value, let list = settings["items"] { return items(list.value) }
                    return items(prefix.value)
                }
            }
            let title = fields["text"]?.value.text, own = fields["link"]?.value.text.flatMap(page)
            guard let children = fields["items"] else { return own.map { [.page(path: $0, title: title)] } ?? [] }
            // A group's own page opens it, titled by its page (the group's title is the section's).
            let opening = own.map { [NavItem.page(path: $0, title: nil)] } ?? []
            return [.group(title: title ?? "", items: opening + items(children.value))]
        }
    }

    /// Starlight: `[{label, items}, {label, link}, {slug, label}, 'slug', {autogenerate}]`.
    private static func starlight(_ sidebar: FrontValue, page: (String) -> String?) -> [NavItem] {
        outline(sidebar, page: page) { fields, items in
            let label = fields["label"]?.value.text
            if let children = fields["items"] { return [.group(title: label ?? "", items: items(children.value))] }
            guard let target = (fields["slug"] ?? fields["link"])?.value.text, let path = page(target) else { return [] }
            return [.page(path: path, title: label)]
        }
    }
}
