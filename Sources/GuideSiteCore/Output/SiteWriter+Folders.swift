import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The staging and output folders held open for the writer's `*at` calls; -1 for one that does
/// not exist (a first build has no output to compare with).
final class OpenFolders: Sendable {
    let staging: Int32
    let output: Int32

    init(staging: String, output: String) {
        self.staging = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        self.output = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if staging >= 0 { close(staging) }
        if output >= 0 { close(output) }
    }
}

/// The relative paths a build wrote, from every core.
final class WrittenPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var set = Set<String>()

    func insert(_ path: String) {
        lock.lock()
        set.insert(path)
        lock.unlock()
    }

    func contains(_ path: String) -> Bool {
        lock.withLock { set.contains(path) }
    }

    var paths: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return set
    }
}

/// Linux's atomic exchange of two paths, looked up at run time because Glibc's Swift module does
/// not export `renameat2`.
enum AtomicExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 2

    /// True when `a` and `b` were swapped; false when the system cannot do it atomically.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}
