/// A value derived from others: a function of the values it fetches through its context and of
/// nothing else (no file, clock or global read but through an `Input`).
public protocol Query: Hashable, Sendable {
    associatedtype Value: Encodable & Sendable
    func compute(_ context: QueryContext) -> Value
    /// Whether a value computed again to the same value (equal, or where it cannot be compared,
    /// of the same fingerprint) keeps its revision (Salsa's backdating). A query whose value
    /// changes whenever what it read does (a file's parse) says no: its fingerprint is then that
    /// of what it read, not of its value.
    static var cutsOff: Bool { get }
    /// Whether the engine keeps the value, or only its fingerprint (a large value cheap to make
    /// again, whose dependents are cut off by its fingerprint: made again when asked for, as
    /// rust-analyzer lets syntax trees go). A value not kept is fingerprinted, never compared,
    /// and held only until a dependent takes it.
    static var keepsValue: Bool { get }
}

extension Query {
    public static var cutsOff: Bool { true }
    public static var keepsValue: Bool { true }
}

/// A value the driver sets from the world: a file's text, the content listing, today's date.
public protocol Input: Hashable, Sendable {
    associatedtype Value: Encodable & Equatable & Sendable
}
