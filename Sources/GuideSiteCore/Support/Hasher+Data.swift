import Foundation

extension Hasher {
    /// Every byte of `data` (nil apart from empty): `Data`'s own `hash(into:)` reads its count
    /// and at most its first 80 bytes, so a template edited past them, its size kept, hashed
    /// the same and its pages were not rendered again.
    mutating func combine(contentsOf data: Data?) {
        guard let data else { return combine(-1) }
        combine(data.count)
        data.withUnsafeBytes { combine(bytes: $0) }
    }
}
