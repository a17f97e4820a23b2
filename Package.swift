// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "GuideSite",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "guidesite", targets: ["guidesite"]),
        .library(name: "GuideSiteCore", targets: ["GuideSiteCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        // Through its public API: it reports a template's parse errors and renders themes the
        // fast renderer does not (MustacheParser reads templates for it; CompiledTemplateTests
        // compare both renderings byte for byte).
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // No traits: its swift-configuration support is a module GuideSite would compile and never use.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Hugo's TOML front matter (`+++`) and configuration files: toml++ through TOMLKit.
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
    ],
    targets: [
        // Debian's libcmark-gfm and its extensions; only Markdown/MarkdownRenderer.swift imports it.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Debian's OpenSSL for SHA-256 (a translation's `translation-of:`, the body memo's keys):
        // swift-crypto would compile its own BoringSSL, 400 C files, into every build.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Debian's xxHash: XXH3's 128 bits fingerprint every value the query engine keeps
        // (Support/Fingerprint.swift), stable across processes and machines, at memory speed.
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        // Debian's KSyntaxHighlighting (KDE Frameworks 5) highlights code blocks; it is C++ on Qt 5,
        // which CSyntaxHighlighting wraps in a few C functions for Markdown/CodeHighlighter.swift.
        .systemLibrary(
            name: "CQt5Gui",
            pkgConfig: "Qt5Gui",
            providers: [.apt(["libkf5syntaxhighlighting-dev", "qtbase5-dev"])]
        ),
        .target(
            name: "CSyntaxHighlighting",
            dependencies: ["CQt5Gui"],
            cxxSettings: [.unsafeFlags(["-I/usr/include/KF5/KSyntaxHighlighting", "-fPIC"])],
            linkerSettings: [.linkedLibrary("KF5SyntaxHighlighting")]
        ),
        // Turns the repository's Templates/ folder into Swift source so the binary carries its theme.
        .executableTarget(name: "ThemeEmbedder", path: "Plugins/ThemeEmbedder"),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["ThemeEmbedder"],
            path: "Plugins/EmbedTheme"
        ),
        .target(
            name: "GuideSiteCore",
            dependencies: [
                "CCmarkGFM",
                "CSyntaxHighlighting",
                "CLibCrypto",
                "CXXHash",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            plugins: ["EmbedTheme"]
        ),
        // The `serve` preview: in-memory builds, file watching, Hummingbird, live reload.
        .target(
            name: "GuideSitePreview",
            dependencies: [
                "GuideSiteCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "guidesite",
            dependencies: [
                "GuideSiteCore",
                "GuideSitePreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Debian's mimalloc (libmimalloc-dev) replaces glibc's malloc in the binary: a build
            // allocates millions of small strings and arrays on both cores (10% less CPU time).
            linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]
        ),
        // libFuzzer targets (`make fuzz`); built normally, replays inputs given as arguments.
        .executableTarget(
            name: "guidesite-fuzz",
            dependencies: ["GuideSiteCore"],
            path: "Sources/GuideSiteFuzz"
        ),
        .testTarget(
            name: "GuideSiteCoreTests",
            dependencies: ["GuideSiteCore"]
        ),
        .testTarget(
            name: "GuideSitePreviewTests",
            dependencies: ["GuideSitePreview", "GuideSiteCore"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
