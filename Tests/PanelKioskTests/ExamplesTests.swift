import Foundation
import XCTest

/// Every shipped example, theme and board file validates, and every example renders.
final class ExamplesTests: XCTestCase {
    func files(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: CLI.root + "/" + dir)
            .filter { $0.hasSuffix(".toml") }.sorted().map { CLI.root + "/" + dir + "/" + $0 }
    }

    func testShippedFilesPassCheck() throws {
        let all = try files("examples") + files("examples/themes") + files("board-configs")
        XCTAssertGreaterThanOrEqual(all.count, 14)
        let r = try CLI.run(["check"] + all)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasSuffix("ok (app file)") || $0.contains(": ok (") }.count, all.count)
    }

    func testEveryExampleRenders() throws {
        for app in try files("examples") {
            let out = CLI.tempDir()
            let r = try CLI.run(["render", "--config", app, "--out", out])
            XCTAssertEqual(r.status, 0, "\(app): \(r.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/final.png"), app)
        }
    }
}
