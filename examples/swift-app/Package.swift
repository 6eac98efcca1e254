// swift-tools-version:6.0
// A kiosk built in Swift code on panel-kiosk's libraries: a departures board with a bottom
// drawer, its content set from code. The repository's README.md, "A kiosk in Swift", shows it.
import PackageDescription
import Foundation

// This folder's repository by default. PANEL_KIOSK_URL (a git URL, e.g. a tagged clone)
// makes it a versioned dependency instead, as an app outside the repository would have it:
// scripts/test builds it that way to prove SwiftPM accepts the libraries.
let panelKiosk: Package.Dependency = ProcessInfo.processInfo.environment["PANEL_KIOSK_URL"]
    .map { .package(url: $0, from: "1.0.0") } ?? .package(name: "panel-kiosk", path: "../..")

let package = Package(
    name: "swift-app",
    platforms: [.macOS(.v13)],
    dependencies: [panelKiosk],
    targets: [
        .executableTarget(
            name: "DeparturesKiosk",
            dependencies: [
                .product(name: "PanelKiosk", package: "panel-kiosk"),
                .product(name: "DrawerRuntime", package: "panel-kiosk"),
                .product(name: "PanelRenderer", package: "panel-kiosk"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
