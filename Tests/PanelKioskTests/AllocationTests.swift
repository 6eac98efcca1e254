import Foundation
import XCTest

/// No allocation per frame in steady state (docs/architecture.md, "No allocation per frame"):
/// the `allocation-count` tool drives the runtime frame by frame as `run --headless` does
/// (touch in, components advanced, damage, the frame drawn through `FrameRenderer` with moved
/// rows and the backdrop, the changed rows copied out), warms up, and counts every heap
/// allocation of its process over 600 frames. It is a process of its own because it replaces
/// malloc and its kin; this runner keeps glibc's.
///
/// Zero is asserted for an optimized build (scripts/test's, what ships): a debug build runs
/// the standard library's generic code unspecialized, and that allocates a coroutine frame
/// for many a plain `for` loop over an array, so there the figures are printed and only the
/// counter itself is checked.
final class AllocationTests: XCTestCase {
    static let frames = 600

    /// The tool, built beside this runner (`swift build --build-tests` builds it).
    static var tool: String {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("allocation-count").path
    }

    struct Count {
        var allocations: Int
        var frames: Int
        var optimized: Bool
        var line: String
    }

    /// Runs one workload; `extra` goes to the tool as it is.
    func count(_ workload: String, config: String, _ extra: [String] = [],
               file: StaticString = #filePath, line: UInt = #line) throws -> Count {
        guard FileManager.default.isExecutableFile(atPath: Self.tool) else {
            XCTFail("no \(Self.tool): build it with swift build --build-tests", file: file, line: line)
            throw XCTSkip("allocation-count is not built")
        }
        let r = try CLI.run(program: Self.tool, [workload, "--config", config, "--frames", "\(Self.frames)"] + extra)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        let printed = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        var fields: [String: String] = [:]
        for word in printed.split(separator: " ") {
            let kv = word.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        guard let a = fields["allocations"].flatMap(Int.init), let n = fields["frames"].flatMap(Int.init),
              let o = fields["optimized"] else {
            XCTFail("allocation-count printed '\(printed)'", file: file, line: line)
            throw XCTSkip("no figures")
        }
        print("ALLOCATIONS \((config as NSString).lastPathComponent) \(printed)")
        return Count(allocations: a, frames: n, optimized: o == "true", line: printed)
    }

    /// Zero in an optimized build; the figure is printed either way.
    func assertNone(_ c: Count, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.frames, Self.frames, file: file, line: line)
        guard c.optimized else { return }
        XCTAssertEqual(c.allocations, 0, "allocations in \(c.frames) frames of steady state: \(c.line)", file: file, line: line)
    }

    var examples: String { CLI.root + "/examples" }

    /// A frosted drawer (`blur = true`) over examples/drawer.toml's gradient: the screen keeps
    /// the blurred picture beneath the card while the card moves.
    func frostedDrawer() throws -> String {
        let source = try String(contentsOfFile: examples + "/drawer.toml", encoding: .utf8)
        let frosted = source.replacingOccurrences(of: "\ntop_inset = 20\n", with: "\ntop_inset = 20\nblur = true\n")
        XCTAssertNotEqual(frosted, source, "drawer.toml has no top_inset line to put blur after")
        let path = CLI.tempDir() + "/frosted.toml"
        try frosted.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The counter counts: one object allocated on purpose in every counted frame is seen,
    /// in every build. (A counter that saw nothing would pass every other test here.)
    func testTheCounterSeesAnAllocationInEveryFrame() throws {
        let plain = try count("idle", config: examples + "/drawer.toml")
        let deliberate = try count("idle", config: examples + "/drawer.toml", ["--allocate-each-frame"])
        XCTAssertGreaterThanOrEqual(deliberate.allocations, plain.allocations + Self.frames, deliberate.line)
        let drag = try count("drag", config: examples + "/drawer.toml", ["--allocate-each-frame"])
        XCTAssertGreaterThanOrEqual(drag.allocations, Self.frames, drag.line)
    }

    /// An idle screen: frames come (the loop's `--frames`, the blanker's tick) and find
    /// nothing to draw.
    func testAnIdleScreenAllocatesNothingPerFrame() throws {
        assertNone(try count("idle", config: examples + "/drawer.toml"))
        assertNone(try count("idle", config: examples + "/content.toml"))
    }

    /// A finger drags the bottom drawer up past its partial stop and back, a move every
    /// frame: the card's rows moved, the bands around them repainted, the dimming laid over
    /// the backdrop as it is copied in.
    func testADrawerDragAllocatesNothingPerFrame() throws {
        assertNone(try count("drag", config: examples + "/drawer.toml"))
    }

    /// The same over background content (labels, an image, buttons) and on the departures
    /// board (a list in the drawer, live rows in the background).
    func testADrawerDragOverContentAllocatesNothingPerFrame() throws {
        assertNone(try count("drag", config: examples + "/content.toml"))
        assertNone(try count("drag", config: examples + "/departures.toml"))
    }

    /// A frosted drawer dragged: the blurred picture beneath it is kept (its key compared
    /// each frame without being built), not made anew.
    func testAFrostedDrawerDragAllocatesNothingPerFrame() throws {
        assertNone(try count("drag", config: try frostedDrawer()))
    }
}
