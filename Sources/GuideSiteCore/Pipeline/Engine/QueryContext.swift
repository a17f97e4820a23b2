import Foundation

/// What a running query fetches through: it records each input and query read, in order.
public final class QueryContext: @unchecked Sendable {
    let engine: QueryEngine
    let slot: QueryEngine.Slot?
    let parent: QueryContext?
    private let lock = NSLock()
    private var read: [QueryEngine.Slot] = []
    private var seen: Set<ObjectIdentifier> = []

    init(engine: QueryEngine, slot: QueryEngine.Slot?, parent: QueryContext?) {
        self.engine = engine
        self.slot = slot
        self.parent = parent
    }

    /// The value of `query`, recorded as read by the query running.
    public func fetch<Q: Query>(_ query: Q) -> Q.Value {
        let (slot, green) = engine.querySlotAndValue(query)
        record(slot)
        if let green { return green as! Q.Value }
        return engine.refresh(slot, from: self)! as! Q.Value
    }

    /// The value of `query` now, not recorded as read: for a value the caller reads only through
    /// finer queries it fetches (a page's values read the site's builder, and fetch each part of
    /// the site they read). Anything read of it past those parts is a dependency missed.
    public func fetchUntracked<Q: Query>(_ query: Q) -> Q.Value {
        engine.fetch(query)
    }

    /// The value of `key` (nil when it is absent), recorded as read.
    public func input<K: Input>(_ key: K) -> K.Value? {
        let slot = engine.inputSlot(key)
        record(slot)
        return engine.value(of: slot) as? K.Value
    }

    var dependencies: [QueryEngine.Slot] { lock.withLock { read } }

    /// The slots of the queries running, outermost first: a fetch of one of them is a cycle.
    var chain: [QueryEngine.Slot] {
        var slots: [QueryEngine.Slot] = [], context: QueryContext? = self
        while let current = context {
            if let slot = current.slot { slots.insert(slot, at: 0) }
            context = current.parent
        }
        return slots
    }

    private func record(_ slot: QueryEngine.Slot) {
        guard self.slot != nil else { return }
        lock.withLock {
            if seen.insert(ObjectIdentifier(slot)).inserted { read.append(slot) }
        }
    }
}
