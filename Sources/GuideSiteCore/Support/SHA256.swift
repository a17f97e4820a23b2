import CLibCrypto
import Foundation

/// SHA-256 by Debian's OpenSSL (libcrypto's one-shot `SHA256`): the same digest swift-crypto
/// gave, without compiling a copy of BoringSSL into every build of GuideSite.
enum SHA256 {
    /// The 32 bytes of the digest of `data`.
    static func hash(data: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { out in
            _ = CLibCrypto.SHA256(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, out.baseAddress)
        }
        return digest
    }

    static func hash(data: some ContiguousBytes) -> [UInt8] {
        data.withUnsafeBytes { hash(data: $0) }
    }
}
