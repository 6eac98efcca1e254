// swift-tools-version:6.0
// panel-kiosk: a touch drawer / sheet / popup runtime for Linux kiosks, drawn by its own
// software rasterizer straight to DRM/KMS, with touch from libinput.
import PackageDescription

let package = Package(
    name: "panel-kiosk",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "panel-kiosk", targets: ["panel-kiosk"]),
        .library(name: "PanelRenderer", targets: ["PanelRenderer"]),
        .library(name: "DrawerRuntime", targets: ["DrawerRuntime"]),
        .library(name: "PanelKiosk", targets: ["PanelKiosk"]),
        // The drivers, apart from the core above: DRM/KMS output, and libinput/udev/epoll input.
        .library(name: "PanelDRM", targets: ["PanelDRM"]),
        .library(name: "PanelInput", targets: ["PanelInput"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // System libraries: a module map plus one umbrella header of #includes each.
        .systemLibrary(
            name: "CDRM", pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(
            name: "CInput", pkgConfig: "libevdev",
            providers: [.apt(["libinput-dev", "libevdev-dev", "libudev-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // zlib (libpng's own): the PNG decoder inflates a file's pixel data once with a cap
        // before libpng reads it, so a small file cannot inflate to gigabytes.
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // The MQTT bridge's client (the app file's [mqtt]; off unless configured).
        .systemLibrary(
            name: "CMosquitto", pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]),
        // The desktop preview's window (panel-kiosk preview only): SDL2's types and constants.
        // The library is opened at run time (SDLLibrary), not linked, so a kiosk image needs no
        // SDL; no pkgConfig, whose -D_REENTRANT SwiftPM refuses with a warning on every build.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // Linux headers (epoll, signalfd, timerfd, VT ioctls) that Glibc's module lacks.
        .systemLibrary(name: "CLinux"),
        // libFuzzer's driver, declared weak: only scripts/fuzz's build links it (tests only).
        .systemLibrary(name: "CFuzz"),

        // Two static inline helpers for the renderer's hot loops that Swift cannot spell: a
        // prefetch hint and a float-to-integer conversion without range checks.
        .target(name: "CHotPath"),
        // The command line as the C library handed it to the program, for when /proc (where
        // Swift's CommandLine reads it on Linux) is not mounted: a chroot during an image build.
        .target(name: "CProcessArguments"),
        // The core: pixels and text (no display driver), then components and the runtime (no
        // input driver). scripts/check-modules fails if either ever reaches a driver's module.
        .target(name: "PanelRenderer", dependencies: ["CFreeType", "CHarfBuzz", "CPNG", "CZlib", "CHotPath"]),
        .target(name: "DrawerRuntime", dependencies: ["PanelRenderer"]),
        // The drivers: DRM/KMS output (libdrm) and libinput/udev/epoll input, each a user of
        // the core that the core never sees.
        .target(name: "PanelDRM", dependencies: ["PanelRenderer", "CDRM"]),
        .target(name: "PanelInput", dependencies: ["DrawerRuntime", "PanelRenderer", "CInput", "CLinux"]),
        // The app file, board and theme loaders, the scene builder, the one runtime with its
        // loop and sinks, and the device services: everything a program needs to run a kiosk.
        .target(
            name: "PanelKiosk",
            dependencies: [
                "PanelRenderer", "DrawerRuntime", "PanelDRM", "PanelInput", "CDRM", "CLinux", "CMosquitto",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The command line: argument parsing, the desktop preview window, the demo.
        .executableTarget(
            name: "panel-kiosk",
            dependencies: [
                "PanelKiosk", "PanelRenderer", "DrawerRuntime", "PanelDRM", "PanelInput", "CInput", "CSDL2", "CProcessArguments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Tests only: counts the heap allocations of the per-frame path (AllocationTests runs
        // it, docs/architecture.md). Its C part replaces malloc and its kin for the process it is
        // linked into, so it is an executable of its own that no product and no test target
        // depends on: the shipped binaries and the test runner keep glibc's allocator, and the
        // runner only starts it (`swift build` builds it with everything else).
        .target(name: "CAllocationHooks", path: "Tests/AllocationCount/CAllocationHooks"),
        .executableTarget(
            name: "allocation-count",
            dependencies: ["CAllocationHooks", "PanelKiosk", "DrawerRuntime", "PanelRenderer"],
            path: "Tests/AllocationCount/allocation-count"),

        .testTarget(name: "PanelRendererTests", dependencies: ["PanelRenderer", "CZlib"], exclude: ["Images"]),
        .testTarget(name: "DrawerRuntimeTests", dependencies: ["DrawerRuntime"]),
        // Each driver's tests beside it, so the core's test targets need no libdrm or libinput
        // either; the DRM tests that need a device run in the VM (Tests/vm/guest-checks).
        .testTarget(name: "PanelDRMTests", dependencies: ["PanelDRM", "PanelRenderer", "CDRM"]),
        .testTarget(name: "PanelInputTests", dependencies: ["PanelInput", "DrawerRuntime", "PanelRenderer", "CInput"]),
        .testTarget(name: "PanelKioskTests", dependencies: ["panel-kiosk", "PanelKiosk", "PanelRenderer", "DrawerRuntime", "CFuzz"],
                    exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
