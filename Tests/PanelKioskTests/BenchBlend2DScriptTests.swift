import Foundation
import XCTest

/// scripts/bench-blend2d (Blend2D beside our bench on the machine at hand): its refusals, its
/// C harness against the compiler's strictest warnings, and, where the pinned wheel is
/// already cached (it needs the network once), one whole run.
final class BenchBlend2DScriptTests: XCTestCase {
    private let cache = "/var/tmp/panel-kiosk-bench-cache"

    private func script(_ args: [String]) throws -> CLI.Result {
        try CLI.run(program: "/usr/bin/env", ["python3", CLI.root + "/scripts/bench-blend2d"] + args)
    }

    func testRefusesAMissingBinaryAndABadRunCount() throws {
        try assertRefusesAMissingBinaryAndABadRunCount(script)
    }

    /// The harness declares Blend2D's C API itself (the wheel ships no headers): it must at
    /// least be warning-free C11.
    func testTheHarnessCompilesWithoutWarnings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gcc") else { throw XCTSkip("no gcc") }
        let r = try CLI.run(program: "/usr/bin/gcc", ["-std=c11", "-Wall", "-Wextra", "-Werror", "-fsyntax-only",
                                                      CLI.root + "/scripts/bench-blend2d.c"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testOneRunPrintsBothLayersForThreeColumnsWhereTheWheelIsCached() throws {
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: cache))?.contains { $0.hasPrefix("blend2d_python-1.0.0-cp311-") } ?? false
        guard cached else { throw XCTSkip("the blend2d-python wheel is not in \(cache) (scripts/bench-blend2d downloads it)") }
        let r = try script(["--runs", "1", CLI.binary])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  dim") || $0.hasPrefix("  drawer + pill") }
        XCTAssertEqual(rows.count, 4, r.stdout)
        for row in rows {
            XCTAssertNotNil(row.range(of: #"(\d+\.\d{3}x \(\d+\.\d{3}-\d+\.\d{3}\) *){3}$"#, options: .regularExpression), row)
        }
    }
}
