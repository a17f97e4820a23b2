import CXXHash
import Foundation

/// A value's identity in 128 bits (XXH3-128 of the parts it is made of): the same in every
/// process and on every machine, unlike Swift's seeded `Hasher`, so a build can keep it on disk
/// and the next one compare with it.
public struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public var description: String {
        [high, low].map { String($0, radix: 16) }.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }

    /// The fingerprint of `value`.
    public static func of(_ value: some Fingerprintable) -> Fingerprint {
        let fingerprinter = Fingerprinter()
        value.fingerprint(into: fingerprinter)
        return fingerprinter.finish()
    }
}

/// What a value can say of itself for its fingerprint: its parts, each added in a fixed order.
public protocol Fingerprintable {
    func fingerprint(into fingerprinter: Fingerprinter)
}

/// Reads the parts of a value into XXH3's streaming state. Every variable-length part is added
/// with its length, so ("ab", "c") and ("a", "bc") differ.
public final class Fingerprinter {
    private let state: OpaquePointer

    public init() {
        state = XXH3_createState()
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    public func add(bytes: UnsafeRawBufferPointer) {
        add(bytes.count)
        _ = XXH3_128bits_update(state, bytes.baseAddress, bytes.count)
    }

    public func add(_ number: Int) {
        var word = UInt64(bitPattern: Int64(number)).littleEndian
        _ = withUnsafeBytes(of: &word) { XXH3_128bits_update(state, $0.baseAddress, 8) }
    }

    public func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    public func add(_ value: some Fingerprintable) {
        value.fingerprint(into: self)
    }

    public func finish() -> Fingerprint {
        let digest = XXH3_128bits_digest(state)
        return Fingerprint(high: digest.high64, low: digest.low64)
    }
}

extension String: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) { fingerprinter.add(self) }
}

extension Int: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) { fingerprinter.add(self) }
}

extension Bool: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) { fingerprinter.add(self ? 1 : 0) }
}

extension Data: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) { withUnsafeBytes { fingerprinter.add(bytes: $0) } }
}

extension Fingerprint: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) {
        fingerprinter.add(Int(bitPattern: UInt(high)))
        fingerprinter.add(Int(bitPattern: UInt(low)))
    }
}

extension Optional: Fingerprintable where Wrapped: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) {
        if let self { fingerprinter.add(1); fingerprinter.add(self) } else { fingerprinter.add(0) }
    }
}

extension Array: Fingerprintable where Element: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) {
        fingerprinter.add(count)
        for element in self { fingerprinter.add(element) }
    }
}

/// Keys in their sorted order: a dictionary's own order differs from process to process.
extension Dictionary: Fingerprintable where Key: Fingerprintable & Comparable, Value: Fingerprintable {
    public func fingerprint(into fingerprinter: Fingerprinter) {
        fingerprinter.add(count)
        for key in keys.sorted() {
            fingerprinter.add(key)
            fingerprinter.add(self[key]!)
        }
    }
}
