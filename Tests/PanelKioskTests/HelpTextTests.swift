import Foundation
import XCTest

/// `panel-kiosk help` as a user reads it: ArgumentParser wraps each paragraph of a command's
/// overview to the terminal's width (80 columns when stdout is not a terminal), so a line
/// break written into a paragraph's source shows as a ragged line ("...the\nlast\nmoment").
final class HelpTextTests: XCTestCase {
    let commands: [String?] = [nil, "demo", "run", "preview", "render", "check", "probe", "bench", "plot", "status"]

    func testOverviewParagraphsAreWrappedOnlyByArgumentParser() throws {
        for command in commands {
            let r = try CLI.run(["help"] + (command.map { [$0] } ?? []))
            XCTAssertEqual(r.status, 0, "help \(command ?? "")")
            let overview = r.stdout.components(separatedBy: "\n").prefix { !$0.hasPrefix("USAGE:") }
            XCTAssertFalse(overview.isEmpty, "help \(command ?? ""): no overview")
            for (line, next) in zip(overview, overview.dropFirst()) where !line.isEmpty && !next.isEmpty {
                let word = next.split(separator: " ").first.map(String.init) ?? ""
                // The next line's first word fits after this line within 80 columns: the break
                // was not ArgumentParser's.
                XCTAssertGreaterThan(line.count + 1 + word.count, 79,
                                     "help \(command ?? ""): a line broken early: \"\(line)\" / \"\(next)\"")
            }
        }
    }
}
