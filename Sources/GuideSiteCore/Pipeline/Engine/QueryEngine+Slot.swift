import Foundation

extension QueryEngine {
    /// One key's value, for the engine's life: inputs have no `compute`. Read and written under
    /// the engine's lock.
    final class Slot: @unchecked Sendable {
        let key: AnyHashable
        let kind: String
        let compute: Compute?
        /// Whether its value is kept, or only its fingerprint (`Query.keepsValue`).
        let keepsValue: Bool
        var value: (any Sendable)?
        var fingerprint = Fingerprint(high: 0, low: 0)
        var changedAt = 0
        var verifiedAt = 0
        var dependencies: [Slot] = []
        /// Whether it has a value (an input set, even to absent; a query computed).
        var known = false
        var running = false
        /// For an input: whether its value could be compared when it was set.
        var comparable = true

        init(key: AnyHashable, kind: String, compute: Compute?, keepsValue: Bool) {
            (self.key, self.kind, self.compute, self.keepsValue) = (key, kind, compute, keepsValue)
        }
    }
}
