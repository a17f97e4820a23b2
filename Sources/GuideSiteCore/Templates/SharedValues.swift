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

/// Each page's link values, made up front (`fill`) or as pages ask for them, each once.
final class LinkValues: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [ContextMap?]
    private var filled = false
    /// Each made with its fingerprint (`ContextMap.fingerprinted`).
    private let fingerprinting: Bool

    init(count: Int, fingerprinting: Bool) {
        made = Array(repeating: nil, count: count)
        self.fingerprinting = fingerprinting
    }

    /// Made before any page reads them, so read without the lock.
    func fill(_ values: [ContextMap]) {
        made = fingerprinting ? values.concurrentMap { $0.fingerprinted() } : values
        filled = true
    }

    func value(_ index: Int, make: () -> ContextMap) -> ContextMap {
        if filled { return made[index]! }
        if let value = lock.withLock({ made[index] }) { return value }
        let value = fingerprinting ? make().fingerprinted() : make()
        lock.withLock { made[index] = value }
        return value
    }
}

extension SharedValues {
    /// Each value with its fingerprint made (`ContextMap.fingerprinted`).
    func fingerprint() {
        site = site.fingerprinted()
        strings = strings.fingerprinted()
        criteria = criteria.mapValues { $0.fingerprinted() }
        entryNavigation = entryNavigation.mapValues { $0.map { $0.fingerprinted() } }
    }
}
