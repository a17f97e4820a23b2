import Foundation

/// Template values made once before pages are rendered on every core and only read there, and
/// those the first page that needs them makes for the others (`memo`).
final class SharedValues: @unchecked Sendable {
    var site = ContextMap()
    var entryNavigation: [String: [ContextMap]] = [:]
    var criteria: [String: ContextMap] = [:]
    var strings = ContextMap()
    /// Values made by the first page that needs them, under the lock, for the others: each list
    /// page's items (every numbered page of it shows a slice), the search page's letters and
    /// platform filter.
    private let lock = NSLock()
    private var made: [String: Any] = [:]

    func memo<Value>(_ key: String, make: () -> Value) -> Value {
        lock.withLock {
            if let value = made[key] as? Value { return value }
            let value = make()
            made[key] = value
            return value
        }
    }
}

final class UncheckedValues: @unchecked Sendable {
    var values: [ContextMap]
    init(_ values: [ContextMap]) { self.values = values }
}

extension SharedValues {
    /// Each value with its fingerprint made (`ContextMap.fingerprinted`), and each link's.
    func fingerprint(_ links: UncheckedValues) {
        site = site.fingerprinted()
        strings = strings.fingerprinted()
        criteria = criteria.mapValues { $0.fingerprinted() }
        entryNavigation = entryNavigation.mapValues { $0.map { $0.fingerprinted() } }
        links.values = links.values.concurrentMap { $0.fingerprinted() }
    }
}
