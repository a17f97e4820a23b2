import CXXHash
import Foundation

/// A value's identity in 128 bits (XXH3-128 of the parts it is made of): the same in every
/// process and on every machine, unlike Swift's seeded `Hasher`, so a build can keep it on disk
/// and the next one compare with it.
public struct Fingerprint: Hashable, Sendable, Codable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public var description: String {
        [high, low].map { String($0, radix: 16) }.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }
}

extension Fingerprint {
    /// The fingerprint of `bytes` alone, in one pass.
    public static func of(bytes: UnsafeRawBufferPointer) -> Fingerprint {
        let digest = XXH3_128bits(bytes.baseAddress, bytes.count)
        return Fingerprint(high: digest.high64, low: digest.low64)
    }
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

    public func finish() -> Fingerprint {
        let digest = XXH3_128bits_digest(state)
        return Fingerprint(high: digest.high64, low: digest.low64)
    }
}
