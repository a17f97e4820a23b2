/// A value a layout sees, its kind known when it is made. The fast renderer reads these without
/// a dynamic cast or a hashed dictionary lookup per `{{name}}` (casting `Any` and hashing keys
/// were a third of rendering a page); swift-mustache gets the same values as `Any` (`any`).
enum ContextValue {
    case text(String)
    case flag(Bool)
    case number(Int)
    case map(ContextMap)
    /// A list of maps, the only list the built-in values make.
    case list([ContextMap])
    /// Anything else (front matter maps, lists of texts, values of other types), which the
    /// renderer handles as swift-mustache does. Boxed: an `Any` payload would make every copy
    /// of every value go through the runtime's existential copy.
    case other(OtherValue)

    /// The typed value of an `Any` context value: maps and lists of maps are converted all the
    /// way down, as the renderer would have cast them.
    init(_ value: Any) {
        switch value {
        case let typed as ContextValue: self = typed
        case let map as ContextMap: self = .map(map)
        case let text as String: self = .text(text)
        case let flag as Bool: self = .flag(flag)
        case let number as Int: self = .number(number)
        case let map as [String: Any]: self = .map(ContextMap(map))
        case let list as [[String: Any]]: self = .list(list.map(ContextMap.init))
        default: self = .other(OtherValue(value))
        }
    }

    /// A value of another type.
    static func other(_ value: Any) -> ContextValue {
        .other(OtherValue(value))
    }

    /// The value as swift-mustache renders it: `[String: Any]` maps, `[[String: Any]]` lists.
    var any: Any {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .number(let number): number
        case .map(let map): map.dictionary
        case .list(let list): list.map(\.dictionary)
        case .other(let box): box.value
        }
    }
}

/// The box of a value of another type.
final class OtherValue: @unchecked Sendable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}

/// A map of names to values, searched in order: a page's maps hold a few to a dozen names, short
/// enough that comparing them (small strings, compared as two words) beats hashing one. Names and
/// values are kept apart, so a search touches no value. Both live in one storage, copied when
/// written while shared: a map on the renderer's stack is copied at every lookup, and three
/// references counted each time were a tenth of rendering the templates.
struct ContextMap: ExpressibleByDictionaryLiteral {
    /// Written only while unique (`set`), so its accesses need no checks at run time (they
    /// were a tenth of a lookup).
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var keys: [String]
        @exclusivity(unchecked) var values: [ContextValue]
        /// Positions by key, for a large map read often (the theme's strings, 170 keys on every page).
        @exclusivity(unchecked) var index: [String: Int]?
        /// Its fingerprint, made once for a map every page shows (`fingerprinted()`).
        @exclusivity(unchecked) var fingerprint: Fingerprint?

        init(keys: [String], values: [ContextValue], index: [String: Int]? = nil) {
            (self.keys, self.values, self.index) = (keys, values, index)
        }
    }

    private var storage: Storage

    var keys: [String] { storage.keys }
    var values: [ContextValue] { storage.values }

    /// Whether both are copies of one map (compared without reading it).
    func isSameStorage(as other: ContextMap) -> Bool { storage === other.storage }

    /// The map with its fingerprint made, which the fingerprints of the values holding it read
    /// rather than the map (a map many pages show: the site's values, the texts, a link). Made
    /// before the map is shared.
    func fingerprinted() -> ContextMap {
        var bytes: [UInt8] = []
        write(into: &bytes)
        storage.fingerprint = bytes.withUnsafeBytes { Fingerprint.of(bytes: $0) }
        return self
    }

    /// Its fingerprint, when made (`fingerprinted()`).
    var madeFingerprint: Fingerprint? { storage.fingerprint }

    /// A map of many keys, looked up by hash instead of by comparing each key.
    init(indexing pairs: [(String, ContextValue)]) {
        storage = Storage(keys: pairs.map(\.0), values: pairs.map(\.1),
                          index: Dictionary(pairs.enumerated().map { ($1.0, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    init() {
        storage = Storage(keys: [], values: [])
    }

    /// Keys of a literal are distinct, as a dictionary literal's must be; each is a name the
    /// theme's schema declares (`ThemeValues`).
    init(dictionaryLiteral elements: (ValueName, ContextValue)...) {
        var keys: [String] = [], values: [ContextValue] = []
        keys.reserveCapacity(elements.count + 4)
        values.reserveCapacity(elements.count + 4)
        for (key, value) in elements {
            keys.append(key.rawValue)
            values.append(value)
        }
        storage = Storage(keys: keys, values: values)
    }

    /// The typed map of an `Any` context map.
    init(_ dictionary: [String: Any]) {
        let keys = Array(dictionary.keys)
        storage = Storage(keys: keys, values: keys.map { ContextValue(dictionary[$0]!) })
    }

    /// The value named `name`; setting nil removes it, as a dictionary's subscript does.
    subscript(name: ValueName) -> ContextValue? {
        get { self[name.rawValue] }
        set { set(name.rawValue, newValue) }
    }

    /// The value under `key`, as a template names it.
    subscript(key: String) -> ContextValue? {
        let storage = storage
        guard let position = storage.index.map({ $0[key] }) ?? storage.keys.firstIndex(of: key) else { return nil }
        return storage.values[position]
    }

    private mutating func set(_ key: String, _ newValue: ContextValue?) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(keys: storage.keys, values: storage.values)
        }
        let storage = storage
        (storage.index, storage.fingerprint) = (nil, nil)
        if let position = storage.keys.firstIndex(of: key) {
            if let newValue {
                storage.values[position] = newValue
            } else {
                storage.keys.remove(at: position)
                storage.values.remove(at: position)
            }
        } else if let newValue {
            storage.keys.append(key)
            storage.values.append(newValue)
        }
    }

    /// This map with `other`'s values added, replacing those under the same names.
    func merging(_ other: ContextMap) -> ContextMap {
        var merged = self
        for (key, value) in zip(other.keys, other.values) { merged.set(key, value) }
        return merged
    }

    /// As swift-mustache sees it.
    var dictionary: [String: Any] {
        Dictionary(zip(keys, values.map(\.any)).map { ($0, $1) }, uniquingKeysWith: { _, last in last })
    }
}

extension ContextValue {
    /// A text, or nothing for nil (so that a map leaves the name out).
    static func text(ifAny text: String?) -> ContextValue? {
        text.map(ContextValue.text)
    }
}
