import Foundation

/// A value derived from others: a function of the values it fetches through its context and of
/// nothing else (no file, clock or global read but through an `Input`).
public protocol Query: Hashable, Sendable {
    associatedtype Value: Encodable & Sendable
    func compute(_ context: QueryContext) -> Value
    /// Whether a value computed again to the same fingerprint keeps its revision (Salsa's
    /// backdating). A query whose value changes whenever what it read does (a file's parse)
    /// says no: its fingerprint is then that of what it read, not of its value.
    static var cutsOff: Bool { get }
}

extension Query {
    public static var cutsOff: Bool { true }
}

/// A value the driver sets from the world: a file's text, the content listing, today's date.
public protocol Input: Hashable, Sendable {
    associatedtype Value: Encodable & Equatable & Sendable
}

/// Memoised queries, as Salsa keeps them: each value with its fingerprint, the revision it last
/// changed in, the revision it was last known good in, and what it fetched. Setting an input to a
/// new value starts a revision; a fetch then checks the value's dependencies, deepest first, and
/// computes it again only when one changed; a value computed again to the same fingerprint keeps
/// its old revision, so what depends on it is not computed again (early cutoff).
///
/// Fetches may run on several threads; inputs are set between fetches, never during them.
public final class QueryEngine: @unchecked Sendable {
    /// Computes every value it would keep a second time and compares fingerprints: a query that
    /// reads something it did not fetch shows in `verificationFailures`.
    public var verifies = false

    private let condition = NSCondition()
    private var revision = 1
    private var slots: [AnyHashable: Slot] = [:]
    private var running: Set<AnyHashable> = []
    private var executions: [String: Int] = [:]
    private var totals: [String: Int] = [:]
    private var failures: [String] = []

    public init() {}

    // MARK: Inputs

    /// Sets `key` (nil: the input is absent, a file removed). A value with the fingerprint it
    /// had starts no revision, unless it is not `comparable` (a file written too recently for
    /// its stamp to tell whether it changed since).
    public func set<K: Input>(_ key: K, to value: K.Value?, comparable: Bool = true) {
        // (Compared before fingerprinted: a driver sets every file's stamp on every build. A value
        // set when it could not be compared is read again once it can: what was read then may
        // not be what the value now stands for.)
        if comparable, let slot = condition.withLock({ slots[key] }), slot.comparable, slot.value as? K.Value? == value { return }
        let fingerprint = Fingerprint.of(value)
        condition.withLock {
            if comparable, let slot = slots[key], slot.comparable, slot.fingerprint == fingerprint { return }
            revision += 1
            let stored = comparable ? fingerprint : Fingerprint.of([fingerprint.description, "\(revision)"])
            let slot = Slot(kind: "\(K.self)", value: value, fingerprint: stored, revision: revision, dependencies: [], compute: nil)
            slot.comparable = comparable
            slots[key] = slot
        }
    }

    /// The current revision: it moves when an input changes.
    public var currentRevision: Int { condition.withLock { revision } }

    // MARK: Fetching

    /// The value of `query` now.
    public func fetch<Q: Query>(_ query: Q) -> Q.Value {
        QueryContext(engine: self, key: nil, parent: nil).fetch(query)
    }

    /// How many times each kind of query ran since the last call (by type name).
    public func takeExecutions() -> [String: Int] {
        condition.withLock {
            defer { executions = [:] }
            return executions
        }
    }

    /// How many times `Q` ran since the engine was made.
    public func runs<Q: Query>(of query: Q.Type) -> Int {
        condition.withLock { totals["\(Q.self)"] ?? 0 }
    }

    /// The values whose recomputation gave another fingerprint (with `verifies`), by query.
    public var verificationFailures: [String] { condition.withLock { failures } }

    /// The fingerprint of the values of `keys`, in order: what a value read, standing for it.
    func fingerprint(of keys: [AnyHashable]) -> Fingerprint {
        let parts = condition.withLock { keys.map { slots[$0]?.fingerprint } }
        return Fingerprint.of(parts)
    }

    func inputValue<K: Input>(_ key: K) -> K.Value? {
        condition.withLock { slots[key]?.value as? K.Value }
    }

    /// The slot of `key`, good at the current revision: reused when none of its dependencies
    /// changed since it was last good, else computed again. Waits for another thread computing it.
    func refresh(_ key: AnyHashable, kind: String, from context: QueryContext,
                 compute: @escaping Compute) -> Slot {
        condition.lock()
        while true {
            if let slot = slots[key], slot.compute == nil || slot.verifiedAt == revision {
                condition.unlock()
                return slot
            }
            guard running.contains(key) else { break }
            if context.chain.contains(key) {
                condition.unlock()
                fatalError("query cycle: \(context.chain.map { "\($0.base)" }.joined(separator: " → ")) → \(key.base)")
            }
            condition.wait()
        }
        running.insert(key)
        let now = revision, kept = slots[key]
        condition.unlock()

        let child = QueryContext(engine: self, key: key, parent: context)
        var made: (value: any Sendable, fingerprint: Fingerprint)?
        if let kept, !changed(kept.dependencies, since: kept.verifiedAt, context: child) {
            if verifies {
                // The values compared, whichever fingerprint the query keeps.
                let again = compute(QueryContext(engine: self, key: key, parent: context)).value
                let (before, after) = (Fingerprint.of(AnyEncodable(kept.value)), Fingerprint.of(AnyEncodable(again)))
                if before != after {
                    condition.withLock { failures.append("\(key.base): kept \(before), computed \(after)") }
                }
            }
        } else {
            made = compute(child)
        }
        condition.lock()
        defer {
            running.remove(key)
            condition.broadcast()
            condition.unlock()
        }
        guard let made else {
            kept!.verifiedAt = now
            return kept!
        }
        executions[kind, default: 0] += 1
        totals[kind, default: 0] += 1
        let changedAt = kept.map { $0.fingerprint == made.fingerprint ? $0.changedAt : now } ?? now
        let slot = Slot(kind: kind, value: made.value, fingerprint: made.fingerprint, revision: changedAt,
                        dependencies: child.dependencies, compute: compute)
        slot.verifiedAt = now
        slots[key] = slot
        return slot
    }

    /// Whether any of `dependencies` changed after `revision`, each brought up to date in order
    /// (a later one may no longer be read once an earlier one changed).
    private func changed(_ dependencies: [AnyHashable], since revision: Int, context: QueryContext) -> Bool {
        for key in dependencies {
            // No slot: an input read while never set, and still not set.
            guard let slot = condition.withLock({ slots[key] }) else { continue }
            let current = slot.compute.map { refresh(key, kind: slot.kind, from: context, compute: $0) } ?? slot
            if condition.withLock({ current.changedAt }) > revision { return true }
        }
        return false
    }

    /// A query's computation: its value and the fingerprint kept with it.
    typealias Compute = @Sendable (QueryContext) -> (value: any Sendable, fingerprint: Fingerprint)

    /// One value: inputs have no `compute`.
    final class Slot: @unchecked Sendable {
        let kind: String
        let value: any Sendable
        let fingerprint: Fingerprint
        let changedAt: Int
        var verifiedAt: Int
        let dependencies: [AnyHashable]
        let compute: Compute?
        /// For an input: whether its value could be compared when it was set.
        var comparable = true

        init(kind: String, value: any Sendable, fingerprint: Fingerprint, revision: Int, dependencies: [AnyHashable], compute: Compute?) {
            self.kind = kind
            self.value = value
            self.fingerprint = fingerprint
            changedAt = revision
            verifiedAt = revision
            self.dependencies = dependencies
            self.compute = compute
        }
    }
}

/// What a running query fetches through: it records each input and query read, in order.
public final class QueryContext: @unchecked Sendable {
    let engine: QueryEngine
    let key: AnyHashable?
    let parent: QueryContext?
    private let lock = NSLock()
    private var read: [AnyHashable] = []
    private var seen: Set<AnyHashable> = []

    init(engine: QueryEngine, key: AnyHashable?, parent: QueryContext?) {
        self.engine = engine
        self.key = key
        self.parent = parent
    }

    /// The value of `query`, recorded as read by the query running.
    public func fetch<Q: Query>(_ query: Q) -> Q.Value {
        let slot = engine.refresh(query, kind: "\(Q.self)", from: self) { context in
            let value = query.compute(context)
            return (value, Q.cutsOff ? Fingerprint.of(value) : context.engine.fingerprint(of: context.dependencies))
        }
        record(query)
        return slot.value as! Q.Value
    }

    /// The value of `key` (nil when it is absent), recorded as read.
    public func input<K: Input>(_ key: K) -> K.Value? {
        record(key)
        return engine.inputValue(key)
    }

    var dependencies: [AnyHashable] { lock.withLock { read } }

    /// The keys of the queries running, outermost first: a fetch of one of them is a cycle.
    var chain: [AnyHashable] {
        var keys: [AnyHashable] = [], context: QueryContext? = self
        while let current = context {
            if let key = current.key { keys.insert(key, at: 0) }
            context = current.parent
        }
        return keys
    }

    private func record(_ key: AnyHashable) {
        lock.withLock {
            if seen.insert(key).inserted { read.append(key) }
        }
    }
}

/// A value kept as `any Sendable`, fingerprinted as what it is (every query's value is
/// `Encodable`).
private struct AnyEncodable: Encodable {
    let value: any Sendable

    init(_ value: any Sendable) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        try (value as! any Encodable).encode(to: encoder)
    }
}
