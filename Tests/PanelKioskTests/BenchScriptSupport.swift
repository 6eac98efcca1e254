import XCTest

extension XCTestCase {
    /// The bench scripts (scripts/bench-targets, scripts/bench-blend2d) take `[KIOSK]
    /// [--runs N]`: a binary that is not there and a run count that is not a number are
    /// refused in words, with a non-zero exit, before anything is measured.
    func assertRefusesAMissingBinaryAndABadRunCount(_ script: ([String]) throws -> CLI.Result,
                                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let missing = try script(["/nonexistent/panel-kiosk"])
        XCTAssertNotEqual(missing.status, 0, file: file, line: line)
        XCTAssertTrue(missing.stderr.contains("/nonexistent/panel-kiosk is not built"), missing.stderr, file: file, line: line)
        let bad = try script(["--runs", "many", CLI.binary])
        XCTAssertNotEqual(bad.status, 0, file: file, line: line)
        XCTAssertTrue(bad.stderr.contains("--runs needs a number"), bad.stderr, file: file, line: line)
    }
}
