import CLibCrypto
import Foundation

/// SHA-256 by Debian's OpenSSL (libcrypto's one-shot `SHA256`): the same digest swift-crypto
/// gave, without compiling a copy of BoringSSL into every build of GuideSite.
enum SHA256 {
    /// The 32 bytes of a digest.
    struct Digest: Sequence {
        fileprivate(set) var bytes = [UInt8](repeating: 0, count: 32)

        func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

        func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            try bytes.withUnsafeBytes(body)
        }
    }

    static func hash(data: UnsafeRawBufferPointer) -> Digest {
        var digest = Digest()
        digest.bytes.withUnsafeMutableBufferPointer { out in
            _ = CLibCrypto.SHA256(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, out.baseAddress)
        }
        return digest
    }

    static func hash(data: [UInt8]) -> Digest {
        data.withUnsafeBytes { hash(data: $0) }
    }

    static func hash(data: Data) -> Digest {
        data.withUnsafeBytes { hash(data: $0) }
    }
}
