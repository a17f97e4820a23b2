import Mustache

/// A front matter map as templates see it: `{{map.key}}` looks a key up, `{{#map}}...{{/map}}`
/// walks the entries in file order with `{{key}}` and `{{value}}`.
struct OrderedMap: MustacheParent, MustacheSequence, Hashable, Encodable {
    let entries: [FrontEntry]

    func child(named name: String) -> Any? {
        entries[name].flatMap { TemplateValue.make($0.value) }
    }

    func makeIterator() -> IndexingIterator<[[String: Any]]> {
        entries.map { entry -> [String: Any] in
            var item: [String: Any] = ["key": entry.key]
            if let value = TemplateValue.make(entry.value) { item["value"] = value }
            return item
        }.makeIterator()
    }
}

/// Turns front matter values into what Mustache renders.
enum TemplateValue {
    static func make(_ value: FrontValue) -> Any? {
        switch value {
        case .text(let text): text
        case .bool(let flag): flag
        case .null: nil
        case .list(let items): items.compactMap(make)
        case .map(let entries): OrderedMap(entries: entries)
        }
    }
}
