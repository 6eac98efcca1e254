import Foundation
import XCTest
@testable import panel_kiosk

/// `Run.quickParse` (the start-up path for `run` in its plain form) against ArgumentParser:
/// the same option names, the same command for what it accepts, and nothing accepted that
/// ArgumentParser would refuse.
final class QuickRunParseTests: XCTestCase {
    /// Forms a service or a test uses: the quick path must take them (else it saves nothing).
    let plain: [[String]] = [
        ["run", "--config", "a.toml"],
        ["run", "--config", "a.toml", "--board", "b.toml"],
        ["run", "--config=a.toml", "--board=b.toml", "--frames", "120", "--stats", "s.json"],
        ["run", "--headless", "--config", "a.toml", "--size", "800x480", "--scale", "2"],
        ["run", "--config", "a.toml", "--schedule", "immediate", "--events", "e.jsonl", "--record", "r.touch",
         "--trace", "t.jsonl", "--state", "s.json", "--capture-scanout", "c.png", "--capture-writeback", "w.png"],
        ["run", "--headless", "--config", "a.toml", "--play", "p.touch", "--capture-scanout", "x.png", "--frames=3"],
        ["run", "--config", "dir/with space/a.toml", "--scale", "1.5", "--headless", "--size", "640x480"],
        ["run", "--board=b.toml", "--headless", "--config", "a.toml", "--schedule=late", "--events=e.jsonl"],
    ]
    /// Forms ArgumentParser refuses: the quick path must leave them to it.
    let refused: [[String]] = [
        ["run"],
        ["run", "--config"],
        ["run", "--config", "a.toml", "--frames", "x"],
        ["run", "--config", "a.toml", "--frames", "0"],
        ["run", "--config", "a.toml", "--bogus"],
        ["run", "--config", "a.toml", "--bogus", "1"],
        ["run", "--config", "a.toml", "--size", "800x480"],
        ["run", "--config", "a.toml", "--schedule", "soon"],
        ["run", "--config", "a.toml", "--play", "p.touch"],
        ["run", "--config", "a.toml", "--headless", "--capture-writeback", "w.png"],
        ["run", "--config", "a.toml", "--headless", "--scale", "abc"],
        ["run", "--config", "a.toml", "--headless", "--scale", "9"],
        ["run", "--config", "a.toml", "--board", "b.toml", "--headless", "--size", "800x480"],
        ["run", "--config", "a.toml", "extra"],
        ["run", "--config", "a.toml", "--headless=yes"],
        ["run", "--config", "a.toml", "--Config", "b.toml"],
    ]
    /// Forms the quick path declines whatever ArgumentParser makes of them.
    let declined: [[String]] = [
        ["run", "--help"], ["run", "-h"], ["--version"], ["help", "run"], [],
        ["render", "--config", "a.toml"],
        ["run", "--config", "a.toml", "--config", "b.toml"],
        ["run", "--config", "a.toml", "--headless", "--headless"],
        ["run", "--config", "-a.toml"],
        ["run", "--config", ""],
        ["run", "--config", "a.toml", "--frames", "-1"],
        ["run", "--config", "a.toml", "--"],
        ["run", "--config", "a.toml", "-"],
    ]

    /// What ArgumentParser makes of `arguments`: the `Run` it builds, or nil when it refuses
    /// them or makes another command of them.
    private func argumentParser(_ arguments: [String]) -> Run? {
        (try? panel_kiosk.PanelKiosk.parseAsRoot(arguments)) as? Run
    }

    private func dumped(_ run: Run) -> String {
        var text = ""
        dump(run, to: &text)
        return text
    }

    func testAcceptsWhatArgumentParserAcceptsAsTheSameCommand() throws {
        for arguments in plain {
            let quick = try XCTUnwrap(Run.quickParse(arguments), "quick path declined \(arguments)")
            let parsed = try XCTUnwrap(argumentParser(arguments), "ArgumentParser refused \(arguments)")
            XCTAssertEqual(dumped(quick), dumped(parsed), "\(arguments)")
        }
    }

    func testLeavesWhatArgumentParserRefusesToIt() {
        for arguments in refused {
            XCTAssertNil(argumentParser(arguments), "ArgumentParser took \(arguments)")
            XCTAssertNil(Run.quickParse(arguments), "quick path took \(arguments)")
        }
        for arguments in declined {
            XCTAssertNil(Run.quickParse(arguments), "quick path took \(arguments)")
        }
    }

    /// Every option and flag of `run` as ArgumentParser describes them (`--experimental-dump-help`
    /// of the built binary) is the quick path's, with the same kind, and no other.
    func testSameNamesAsArgumentParser() throws {
        let r = try CLI.run(["run", "--experimental-dump-help"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        func find(_ command: [String: Any]) -> [String: Any]? {
            if command["commandName"] as? String == "run" { return command }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { if let c = find(sub) { return c } }
            return nil
        }
        let run = try XCTUnwrap((root["command"] as? [String: Any]).flatMap(find), "no run in \(r.stdout.prefix(200))")
        var options: Set<String> = [], flags: Set<String> = []
        for argument in run["arguments"] as? [[String: Any]] ?? [] {
            let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
                .compactMap { $0["name"] as? String }
            // ArgumentParser's own --help and --version: never taken by the quick path.
            if names == ["help"] || names == ["version"] { continue }
            switch argument["kind"] as? String {
            case "option": options.formUnion(names)
            case "flag": flags.formUnion(names)
            default: XCTFail("run has an argument the quick path does not know: \(argument)")
            }
        }
        XCTAssertEqual(options, Run.quickValueOptions)
        XCTAssertEqual(flags, Run.quickFlags)
    }
}
