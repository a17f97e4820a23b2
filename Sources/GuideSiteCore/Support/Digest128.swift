/// 128 bits of a SHA-256: a value's identity that is the same in every process (Swift's
/// `Hasher` is seeded anew in each), for what a build keeps on disk for the next.
struct Digest128: Hashable, Sendable, Codable {
    var high: UInt64
    var low: UInt64
}
