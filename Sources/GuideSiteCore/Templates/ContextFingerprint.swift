import Mustache

/// A hash of everything a layout sees for one page, so a rebuild renders a page again only when
/// its values (or its layout) changed. Dictionary keys are visited in sorted order.
enum ContextFingerprint {
    static func of(_ context: [String: Any], layoutKey: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(layoutKey)
        feed(context, into: &hasher)
        return hasher.finalize()
    }

    private static func feed(_ value: Any, into hasher: inout Hasher) {
        switch value {
        case let text as String:
            hasher.combine(0)
            hasher.combine(text)
        case let number as Int:
            hasher.combine(1)
            hasher.combine(number)
        case let flag as Bool:
            hasher.combine(2)
            hasher.combine(flag)
        case let map as [String: Any]:
            hasher.combine(3)
            for key in map.keys.sorted() {
                hasher.combine(key)
                feed(map[key]!, into: &hasher)
            }
        case let list as [Any]:
            hasher.combine(4)
            hasher.combine(list.count)
            for item in list { feed(item, into: &hasher) }
        case let ordered as OrderedMap:
            hasher.combine(5)
            hasher.combine(ordered.entries)
        default:
            hasher.combine(6)
            hasher.combine(String(describing: value))
        }
    }
}
