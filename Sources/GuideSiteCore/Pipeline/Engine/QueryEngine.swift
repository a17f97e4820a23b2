import Foundation

/// Memoised queries, as Salsa keeps them: each value with its fingerprint, the revision it last
/// changed in, the revision it was last known good in, and what it fetched. Setting an input to a
/// new value starts a revision; a fetch then checks the value's dependencies, deepest first, and
/// computes it again only when one changed; a value computed again to the same value keeps its
/// old revision, so what depends on it is not computed again (early cutoff). A fingerprint is a
/// stable 128-bit hash of the value, or for a value compared by equality, a stamp of this engine.
///
/// Each key has one `Slot` for the engine's life, found through a table of its own type (an
/// `AnyHashable` key compares through the runtime's metadata: most of a fetch's time), and a
/// value's dependencies are those slots themselves, so checking them hashes nothing.
///
/// Fetches may run on several threads; inputs are set between fetches, never during them.
public final class QueryEngine: @unchecked Sendable {
    /// Computes every value it would keep a second time and compares fingerprints: a query that
    /// reads something it did not fetch shows in `verificationFailures`.
    public var verifies = false

    private let condition = NSCondition()
    private var revision = 1
    private var stamps = 0
    private var tables: [ObjectIdentifier: AnyObject] = [:]
    private var executions: [String: Int] = [:]
    private var totals: [String: Int] = [:]
    private var failures: [String] = []

    public init() {}

    // MARK: Inputs

    /// Sets `key` (nil: the input is absent, a file removed). A value equal to the one set before
    /// starts no revision, unless it is not `comparable` (a file written too recently for its
    /// stamp to tell whether it changed since). A value that changed is stamped, not hashed (the
    /// languages of a site with thousands of pages took a tenth of a title edit to hash).
    public func set<K: Input>(_ key: K, to value: K.Value?, comparable: Bool = true) {
        // (A value set when it could not be compared is read again once it can: what was read
        // then may not be what the value now stands for.)
        let slot = condition.withLock { self.slot(key, compute: nil) }
        if comparable, condition.withLock({ slot.known && slot.comparable && slot.value as? K.Value? == value }) { return }
        condition.withLock {
            revision += 1
            (slot.value, slot.fingerprint) = (value, newStamp())
            (slot.changedAt, slot.verifiedAt, slot.known, slot.comparable) = (revision, revision, true, comparable)
        }
    }

    /// Sets every key of `values` at once, in one revision when any changed: the values are
    /// compared with those set before on every core, outside the lock, and a value changed is
    /// stamped rather than hashed (a site's pages: hashing each was a third of a first build).
    public func set<K: Input>(all values: [(key: K, value: K.Value)]) {
        let slots = condition.withLock { values.map { slot($0.key, compute: nil) } }
        let before = condition.withLock { slots.map { $0.known ? $0.value as? K.Value : nil } }
        let changed = Array(values.indices).concurrentMap { before[$0] != values[$0].value }
        guard changed.contains(true) else { return }
        condition.withLock {
            revision += 1
            for index in values.indices where changed[index] {
                let slot = slots[index]
                (slot.value, slot.fingerprint) = (values[index].value, newStamp())
                (slot.changedAt, slot.verifiedAt, slot.known, slot.comparable) = (revision, revision, true, true)
            }
        }
    }

    /// The current revision: it moves when an input changes.
    public var currentRevision: Int { condition.withLock { revision } }

    // MARK: Fetching

    /// The value of `query` now.
    public func fetch<Q: Query>(_ query: Q) -> Q.Value {
        let slot = querySlot(query)
        if let value = greenValue(slot) { return value as! Q.Value }
        return refresh(slot, from: QueryContext(engine: self, slot: nil, parent: nil))! as! Q.Value
    }

    /// The values of `queries`, in order: those good now taken under one hold of the lock, the
    /// others brought up to date on every core (a site's thousands of pages asked one by one
    /// spent most of their time waiting for the lock).
    public func fetch<Q: Query>(all queries: [Q]) -> [Q.Value] {
        var values: [Q.Value?] = condition.withLock {
            queries.map { query in
                let slot = slot(query, compute: Self.compute(query), keepsValue: Q.keepsValue)
                return !verifies && markGreen(slot) ? taken(slot) as? Q.Value : nil
            }
        }
        let missing = values.indices.filter { values[$0] == nil }
        for (index, value) in zip(missing, missing.concurrentMap { fetch(queries[$0]) }) { values[index] = value }
        return values.map { $0! }
    }

    /// How many times each kind of query ran since the last call (by type name).
    public func takeExecutions() -> [String: Int] {
        condition.withLock {
            defer { executions = [:] }
            return executions
        }
    }

    /// How many times each kind of query ran since the engine was made (by type name).
    public var totalRuns: [String: Int] { condition.withLock { totals } }

    /// How many times `Q` ran since the engine was made.
    public func runs<Q: Query>(of query: Q.Type) -> Int {
        condition.withLock { totals["\(Q.self)"] ?? 0 }
    }

    /// The values whose recomputation gave another fingerprint (with `verifies`), by query.
    public var verificationFailures: [String] { condition.withLock { failures } }

    /// The fingerprint of the values of `slots`, in order: what a value read, standing for it.
    func fingerprint(of slots: [Slot]) -> Fingerprint {
        Fingerprint.of(condition.withLock { slots.map { $0.known ? $0.fingerprint : nil } })
    }

    /// The slot of an input, made absent when it was never set (so that setting it later is a
    /// change of what read it).
    func inputSlot<K: Input>(_ key: K) -> Slot {
        condition.withLock { slot(key, compute: nil) }
    }

    func value(of slot: Slot) -> (any Sendable)? {
        condition.withLock { slot.value }
    }

    /// The slot of `query`, made the first time it is asked for.
    func querySlot<Q: Query>(_ query: Q) -> Slot {
        condition.withLock { slot(query, compute: Self.compute(query), keepsValue: Q.keepsValue) }
    }

    /// The slot of `query`, and its value when it is good now (`greenValue`), under one hold of
    /// the lock.
    func querySlotAndValue<Q: Query>(_ query: Q) -> (Slot, (any Sendable)?) {
        condition.withLock {
            let slot = slot(query, compute: Self.compute(query), keepsValue: Q.keepsValue)
            return (slot, !verifies && markGreen(slot) ? taken(slot) : nil)
        }
    }

    /// How `query`'s slot computes its value, given the value it holds. A value that can be
    /// compared keeps its fingerprint when equal to the one held, as Salsa backdates by `Eq`,
    /// and is stamped anew when not (no page is hashed); any other value is fingerprinted.
    private static func compute<Q: Query>(_ query: Q) -> Compute {
        { context, kept in
            let value = query.compute(context)
            guard Q.cutsOff else { return (value, context.engine.fingerprint(of: context.dependencies)) }
            guard Q.keepsValue, let comparable = value as? any Equatable else { return (value, Fingerprint.of(value)) }
            if let kept, equal(comparable, kept.value) { return (value, kept.fingerprint) }
            return (value, context.engine.condition.withLock { context.engine.newStamp() })
        }
    }

    private static func equal<T: Equatable>(_ value: T, _ other: any Sendable) -> Bool {
        (other as? T) == value
    }

    /// Under the lock: a fingerprint no value had before in this engine.
    private func newStamp() -> Fingerprint {
        stamps += 1
        return Fingerprint(high: 0x5354_414D_5000_0000, low: UInt64(stamps))
    }

    /// Under the lock. (`compute` is made only for a slot made now.)
    private func slot<K: Hashable & Sendable>(_ key: K, compute: @autoclosure () -> Compute?, keepsValue: Bool = true) -> Slot {
        let table: Table<K>
        if let found = tables[ObjectIdentifier(K.self)] {
            table = unsafeDowncast(found, to: Table<K>.self)
        } else {
            table = Table<K>()
            tables[ObjectIdentifier(K.self)] = table
        }
        if let slot = table.slots[key] { return slot }
        let slot = Slot(key: key, kind: "\(K.self)", compute: compute(), keepsValue: keepsValue)
        table.slots[key] = slot
        return slot
    }

    /// `slot`'s value when it is known good now without computing anything (`markGreen`); nil
    /// when something must run, or when every value is verified by computing it again.
    func greenValue(_ slot: Slot) -> (any Sendable)? {
        condition.withLock { !verifies && markGreen(slot) ? taken(slot) : nil }
    }

    /// Under the lock: whether `slot` is good at the current revision because nothing it read
    /// changed since it was last good, each derived dependency shown good the same way (rustc's
    /// "try mark green"): one walk under one lock. False when a dependency must be computed
    /// again (it may still come back unchanged: `refresh` then decides, in order).
    private func markGreen(_ slot: Slot) -> Bool {
        guard slot.known, !slot.running else { return false }
        if slot.compute == nil || slot.verifiedAt == revision { return true }
        for dependency in slot.dependencies {
            if dependency.compute != nil, dependency.verifiedAt != revision, !markGreen(dependency) { return false }
            if dependency.changedAt > slot.verifiedAt { return false }
        }
        slot.verifiedAt = revision
        return true
    }

    /// `slot` made good at the current revision: kept when none of its dependencies changed
    /// since it was last good, else computed again. Waits for another thread computing it.
    /// `needsValue`: false when what is asked is whether the value changed (a value let go is
    /// then shown good without making it again).
    /// Returns the value (nil when not kept and not needed).
    @discardableResult
    func refresh(_ slot: Slot, from context: QueryContext, needsValue: Bool = true) -> (any Sendable)? {
        condition.lock()
        while true {
            if slot.known, slot.compute == nil || slot.verifiedAt == revision && (slot.value != nil || !needsValue) {
                defer { condition.unlock() }
                return needsValue ? taken(slot) : slot.value
            }
            guard slot.running else { break }
            if context.chain.contains(where: { $0 === slot }) {
                condition.unlock()
                fatalError("query cycle: \(context.chain.map { "\($0.key.base)" }.joined(separator: " → ")) → \(slot.key.base)")
            }
            condition.wait()
        }
        slot.running = true
        let now = revision, known = slot.known, dependencies = slot.dependencies, since = slot.verifiedAt
        let kept = known ? slot.value.map { ($0, slot.fingerprint) } : nil
        condition.unlock()

        let child = QueryContext(engine: self, slot: slot, parent: context)
        var made: (value: any Sendable, fingerprint: Fingerprint)?
        let unchanged = known && (since == now || !changed(dependencies, since: since, context: child))
        if unchanged, kept != nil || !needsValue {
            if verifies, kept != nil { verify(slot, from: context) }
        } else {
            made = slot.compute!(child, kept)
        }
        condition.lock()
        defer {
            slot.running = false
            condition.broadcast()
            condition.unlock()
        }
        slot.verifiedAt = now
        guard let made else { return slot.value }
        executions[slot.kind, default: 0] += 1
        totals[slot.kind, default: 0] += 1
        if !(known && slot.fingerprint == made.fingerprint) { slot.changedAt = now }
        // A value not kept that changed is held for the dependent that asked whether it did.
        let held = slot.keepsValue || !needsValue && slot.changedAt == now
        (slot.value, slot.fingerprint) = (held ? made.value : nil, made.fingerprint)
        (slot.dependencies, slot.known) = (child.dependencies, true)
        return made.value
    }

    /// Under the lock: `slot`'s value, let go when it is not kept (`Query.keepsValue`).
    private func taken(_ slot: Slot) -> (any Sendable)? {
        let value = slot.value
        if !slot.keepsValue { slot.value = nil }
        return value
    }

    /// The values compared, whichever fingerprint the query keeps.
    private func verify(_ slot: Slot, from context: QueryContext) {
        let again = slot.compute!(QueryContext(engine: self, slot: slot, parent: context), nil).value
        let (before, after) = (Fingerprint.of(AnyEncodable(value(of: slot)!)), Fingerprint.of(AnyEncodable(again)))
        if before != after {
            condition.withLock { failures.append("\(slot.key.base): kept \(before), computed \(after)") }
        }
    }

    /// Whether any of `dependencies` changed after `revision`, each brought up to date in order
    /// (a later one may no longer be read once an earlier one changed).
    private func changed(_ dependencies: [Slot], since revision: Int, context: QueryContext) -> Bool {
        for dependency in dependencies {
            // (One hold of the lock for a dependency good now: a page's values check thousands.)
            let (green, changedAt) = condition.withLock { (!verifies && markGreen(dependency), dependency.changedAt) }
            if green || dependency.compute == nil {
                if changedAt > revision { return true }
                continue
            }
            refresh(dependency, from: context, needsValue: false)
            if condition.withLock({ dependency.changedAt }) > revision { return true }
        }
        return false
    }

    /// A query's computation: its value and the fingerprint kept with it.
    typealias Compute = @Sendable (QueryContext, _ kept: (value: any Sendable, fingerprint: Fingerprint)?)
        -> (value: any Sendable, fingerprint: Fingerprint)

    /// The slots of one key type.
    private final class Table<K: Hashable> {
        var slots: [K: Slot] = [:]
    }
}
