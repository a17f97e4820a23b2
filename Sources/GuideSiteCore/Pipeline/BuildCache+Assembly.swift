import Foundation

/// The last linked site and the values made from it, which a rebuild that only changed page
/// bodies patches instead of making again.
extension BuildCache {
    func lastAssembly(key: Int) -> Assembly? {
        locked { assembly?.key == key ? assembly : nil }
    }

    func keepAssembly(_ value: Assembly) {
        locked {
            generations += 1
            statistics.sitePatched = value.patch != nil
            assembly = value
            assembly?.generation = generations
        }
    }

    /// When this build's site patches the previous one: what `name` held for the previous site
    /// and the positions of the pages changed since, so the caller can update just those.
    func patchable<Value>(_ name: String, as type: Value.Type) -> (value: Value, changed: [Int])? {
        locked {
            guard let patch = assembly?.patch, let stored = perAssembly[name], stored.generation == patch.basis,
                  let value = stored.value as? Value else { return nil }
            return (value, patch.changed)
        }
    }

    /// What `name` held for the last site it was made for, whichever that was.
    func lastForAssembly<Value>(_ name: String, as type: Value.Type) -> Value? {
        locked { perAssembly[name]?.value as? Value }
    }

    /// Keeps `value` as what `name` is for this build's site.
    func keepForAssembly(_ name: String, _ value: Any) {
        locked {
            guard let generation = assembly?.generation else { return }
            perAssembly[name] = (generation, value)
        }
    }

    /// A value derived from the whole site (`criteria.json`, related entries), made again only
    /// when `key` changes.
    func derived<Value>(_ name: String, key: Int, make: () -> Value) -> Value {
        if let hit = locked({ exports[name].flatMap { $0.key == key ? $0.value as? Value : nil } }) { return hit }
        let value = make()
        locked { exports[name] = (key, value) }
        return value
    }
}
