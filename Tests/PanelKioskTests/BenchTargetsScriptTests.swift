import Foundation
import XCTest

/// scripts/bench-targets reads `bench --layers --json`: a renamed layer or field there would
/// leave the README's way of judging issue 18's targets broken without anyone noticing.
final class BenchTargetsScriptTests: XCTestCase {
    private func script(_ args: [String]) throws -> CLI.Result {
        try CLI.run(program: "/usr/bin/env", ["python3", CLI.root + "/scripts/bench-targets"] + args)
    }

    /// One run of each size: every target of both sizes gets a line with its median and
    /// whether the run met it (figures not asserted: the host's load moves them).
    func testJudgesEveryTargetOfBothSizes() throws {
        let r = try script(["--runs", "1", CLI.binary])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        for size in ["800x480", "1920x1080"] {
            let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(size + ": memcpy median ") }, r.stdout)
            let rows = lines[(header + 2)...].prefix(5)
            XCTAssertEqual(rows.map { $0.split(separator: " ").first.map(String.init) ?? "" },
                           ["40", "20", "dim", "drawer", "full"], r.stdout)
            for row in rows {
                XCTAssertNotNil(row.range(of: #"\d+\.\d{2}x +\d+\.\d{3}x .* [01]/1$"#, options: .regularExpression), row)
            }
        }
    }

    func testRefusesAMissingBinaryAndABadRunCount() throws {
        try assertRefusesAMissingBinaryAndABadRunCount(script)
    }
}
