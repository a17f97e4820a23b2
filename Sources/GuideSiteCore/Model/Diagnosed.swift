/// A stage's result together with the problems found while producing it.
public struct Diagnosed<Value> {
    /// The result.
    public var value: Value
    /// Problems found, in source order.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(_ value: Value, _ diagnostics: [Diagnostic] = []) {
        self.value = value
        self.diagnostics = diagnostics
    }
}

extension Diagnosed: Sendable where Value: Sendable {}

extension Diagnosed: Encodable where Value: Encodable {}
