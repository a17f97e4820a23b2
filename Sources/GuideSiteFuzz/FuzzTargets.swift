import Foundation

/// libFuzzer targets. Built with `-sanitize=fuzzer,address -DFUZZING` (`make fuzz`), libFuzzer
/// calls `LLVMFuzzerTestOneInput` with inputs it mutates; `GUIDESITE_FUZZ_TARGET` picks the
/// stage (`front-matter`, `markdown`, `templates`). Built normally, the program runs the files
/// given as arguments through the same target: how a crash file becomes a regression check.
enum FuzzTargets {
    static let target = ProcessInfo.processInfo.environment["GUIDESITE_FUZZ_TARGET"] ?? "markdown"

    static func run(_ data: Data) {
        switch target {
        case "front-matter": FuzzEntryPoints.frontMatter(data)
        case "templates": FuzzEntryPoints.templates(data)
        default: FuzzEntryPoints.markdown(data)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzTargets.run(data)
    return 0
}

#if FUZZING
/// libFuzzer's driver, from `libclang_rt.fuzzer_no_main` (linked by `make fuzz`): the program
/// keeps its own `main`, so the build tools of the package link as usual.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum FuzzDriver {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in fuzzTestOneInput(bytes, count) })
    }
}
#else
@main
enum ReplayInputs {
    static func main() {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { url.appending(path: $0) }
                : [url]
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                FuzzTargets.run(data)
                count += 1
            }
        }
        print("\(FuzzTargets.target): \(count) input(s) ran without a crash")
    }
}
#endif
