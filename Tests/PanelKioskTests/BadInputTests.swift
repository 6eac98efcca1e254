#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PanelKiosk
import XCTest

/// Every reproducer of Tests/BadInput through the built binary, as a careless user or an
/// attacker would give it: a clear message (file, line and key where one applies) and the
/// right exit status, never a crash, a hang or a memory blow-up. The child's peak memory
/// (wait4's rusage) must stay under 200 MB; its time is printed, not asserted.
final class BadInputTests: XCTestCase {
    private struct Outcome { var status: Int32; var stderr: String; var seconds: Double; var maxRSSMB: Double }

    private var dir = ""

    override func setUpWithError() throws {
        // A writable copy: some cases write beside their input.
        dir = CLI.tempDir()
        for name in try FileManager.default.contentsOfDirectory(atPath: CLI.root + "/Tests/BadInput") {
            try FileManager.default.copyItem(atPath: CLI.root + "/Tests/BadInput/" + name, toPath: dir + "/" + name)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Runs the binary in the copy's folder with a 60 s limit, measuring the child alone.
    private func run(_ args: [String]) throws -> Outcome {
        let errPath = dir + "/stderr.txt"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([CLI.binary] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        // The child starts in the copy's folder (tests run one at a time; restored below).
        let cwd = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(dir)
        let spawned = posix_spawn(&pid, CLI.binary, &actions, nil, argv, environ)
        _ = FileManager.default.changeCurrentDirectoryPath(cwd)
        guard spawned == 0 else { throw XCTSkip("cannot start \(CLI.binary)") }
        var status: Int32 = 0, usage = rusage()
        while true {
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if Date().timeIntervalSince(start) > 60 {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                XCTFail("\(args.joined(separator: " ")): still running after 60 s (a hang)")
                break
            }
            usleep(5_000)
        }
        let exited = (status & 0x7f) == 0
        let code: Int32 = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return Outcome(status: code, stderr: stderr, seconds: Date().timeIntervalSince(start),
                       maxRSSMB: Double(usage.ru_maxrss) / 1024)
    }

    /// One reproducer: the exit status it must have and text its stderr must contain.
    private func expect(_ name: String, _ args: [String], status: Int32, _ text: String...,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let o = try run(args)
        print(String(format: "BAD-INPUT %@: exit %d in %.2f s, %.0f MB", name, o.status, o.seconds, o.maxRSSMB))
        XCTAssertEqual(o.status, status, "\(name): \(o.stderr.prefix(400))", file: file, line: line)
        for t in text { XCTAssertTrue(o.stderr.contains(t), "\(name): stderr lacks '\(t)': \(o.stderr.prefix(400))", file: file, line: line) }
        XCTAssertLessThan(o.maxRSSMB, 200, "\(name): peak memory", file: file, line: line)
    }

    private func write(_ name: String, _ text: String) { _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(text.utf8)) }

    func testCrashReproducersAreClearErrors() throws {
        let render = ["render", "--out", "o"]
        write("a.toml", "[[\n")
        try expect("C1 [[", ["check", "a.toml"], status: 1, "a.toml:1:3: TOML syntax:")
        for (i, header) in ["[", "[.a]", "[ .a]", "[=]", "[#]", "[.\"a\"]"].enumerated() {
            write("c1-\(i).toml", "name = \"x\"\n\(header)\n")
            try expect("C1 \(header)", ["check", "c1-\(i).toml"], status: 1, "c1-\(i).toml:2:", "TOML syntax:")
        }
        try expect("C1 file", ["check", "c1-toml-header-abort.toml"], status: 1, "c1-toml-header-abort.toml:")
        write("c2.toml", "name = \"x\"\na = \"\"\"x\"\"\"\"\nb = \"]\"\n")
        try expect("C2", ["check", "c2.toml"], status: 1, "c2.toml:2:1: unknown key 'a'")
        try expect("C3", render + ["--config", "c3-sheet-from-bottom-inf.toml", "--script", "drag.touch"], status: 1,
                   "c3-sheet-from-bottom-inf.toml:6:1: 'anchors' has 'from_bottom inf'")
        try expect("J1", render + ["--config", "j1-sheet-from-top-1e308.toml", "--script", "drag.touch"], status: 1,
                   "j1-sheet-from-top-1e308.toml:6:1:")
        write("c4.touch", "1e19 down 1 0 0\n5 up 1\n")
        try expect("C4", render + ["--config", "app.toml", "--script", "c4.touch"], status: 1, "c4.touch:1: time 1e19 is past the longest script")
        try expect("C5", render + ["--config", "app.toml", "--script", "drag.touch", "--fps", "1e-300"], status: 64, "--fps must be between 1 and 1000")
        try expect("C6", ["bench", "--size", "16384x16384", "--frames", "1"], status: 64, "over 8192 px on a side")
    }

    func testHangReproducersEndAtOnce() throws {
        let render = ["render", "--out", "o"]
        write("h1.toml", Array(repeating: "a", count: 2000).joined(separator: ".") + " = 1\n")
        try expect("H1", ["check", "h1.toml"], status: 1, "h1.toml:1:", "nested deeper than 128 levels")
        try expect("H2", render + ["--config", CLI.root + "/examples/player.toml", "--script", "h2-long-title.touch"], status: 0)
        write("h3.touch", "0 down 1 400 470\n1e12 up 1\n")
        try expect("H3 script", render + ["--config", "app.toml", "--script", "h3.touch"], status: 1, "h3.touch:2: time 1e12")
        try expect("H3 --at", render + ["--config", "app.toml", "--at", "1e15"], status: 64, "--at 1e15")
        mkfifo(dir + "/f.toml", 0o644)
        try expect("H4 app", ["check", "f.toml"], status: 1, "f.toml:1:1: cannot read f.toml: is a FIFO, not a regular file")
        mkfifo(dir + "/f.touch", 0o644)
        try expect("H4 script", render + ["--config", "app.toml", "--script", "f.touch"], status: 1, "is a FIFO")
        mkfifo(dir + "/f.png", 0o644)
        write("h4-bg.toml", "name = \"x\"\n[background]\nimage = \"f.png\"\n")
        try expect("H4 image", ["check", "h4-bg.toml"], status: 1, "h4-bg.toml:3:1: 'image' =", "is a FIFO")
        write("h5.toml", "name = \"x\"\n" + String(repeating: "k", count: 10_000_000) + " = 1\n")
        try expect("H5 key", ["check", "h5.toml"], status: 1, "h5.toml:2:1: unknown key")
        write("h5.touch", "0 " + String(repeating: "v", count: 10_000_000) + " 1\n")
        try expect("H5 verb", render + ["--config", "app.toml", "--script", "h5.touch"], status: 1, "h5.touch:1: a line of 10000004 bytes")
    }

    func testMemoryAndOutputReproducers() throws {
        let render = ["render", "--out", "o"]
        try expect("M1", render + ["--config", "m1-bomb-icons.toml"], status: 1, "16-megapixel budget")
        try expect("M1 check", ["check", "m1-bomb-icons.toml"], status: 1, "m1-bomb-icons.toml:10:", "'icon' =", "16-megapixel budget")
        try expect("M2", render + ["--config", "app.toml", "--board", "m2-board-16384.toml"], status: 1,
                   "m2-board-16384.toml:3:1: 'mode' = '16384x16384@60': 16384x16384 px is over 8192 px on a side")
    }

    func testUnclearMessagesNameFileLineAndKey() throws {
        let render = ["render", "--out", "o"]
        write("w1.toml", "name = \"\"\"a\\\nb\"\"\"\n\nbogus = 1\n")
        try expect("W1", ["check", "w1.toml"], status: 1, "w1.toml:4:1: unknown key 'bogus'")
        write("w2.toml", "name = \"x\"\n\0\nbogus = 1\n")
        try expect("W2", ["check", "w2.toml"], status: 1, "w2.toml:2:1:", "NUL")
        write("w3.touch", "0 down 1 400 470\r\n10 up 1\r\n")
        try expect("W3", render + ["--config", CLI.root + "/examples/drawer.toml", "--script", "w3.touch"], status: 0)
        try expect("W5", ["check", "w5-theme.toml"], status: 1, "w5-theme.toml:3:1: 'fallbacks' = '/nonexistent.ttf'")
        try expect("W6", ["check", "w6-bg-dir.toml"], status: 1, "w6-bg-dir.toml:3:1: 'image' = '/tmp': is a folder, not a file")
        try expect("W7", ["check", "w7-icon-missing.toml"], status: 1, "w7-icon-missing.toml:10:24: 'icon' =", "No such file or directory")
        try expect("W8", ["check", "w8-theme.toml"], status: 1, "w8-theme.toml:3:1: 'regular' =", "not a font file")
        try expect("W9", ["check", "w9-corrupt-in-stack.toml"], status: 1, "w9-corrupt-in-stack.toml:10:50: 'icon' =", "not a PNG file")
        try expect("W10 state", render + ["--config", "app.toml", "--state", "/dev/full"], status: 1, "cannot write /dev/full: No space left on device")
        write("w11.toml", "name = \"x\"\ntheme = \"\"\n")
        try expect("W11", ["check", "w11.toml"], status: 1, "w11.toml:2:1: 'theme' is empty")
        write("w12.toml", "name = \"x\"\n[[component]]\nid = \"\"\nkind = \"bottom_drawer\"\n")
        try expect("W12", ["check", "w12.toml"], status: 1, "w12.toml:3:1: a component's 'id' must not be empty")
        write("w13.touch", "0 down 1 1 1\0junk\n")
        try expect("W13", render + ["--config", "app.toml", "--script", "w13.touch"], status: 1, "w13.touch:1: a NUL byte")
        try expect("W14", ["render", "--out", "", "--config", "app.toml"], status: 64, "--out must name a folder")
        try expect("W15", ["demo", "--board", "nope.toml", "--out", "d"], status: 1, "nope.toml:1:1: cannot read nope.toml")
    }

    /// A review as a careless user (2026-11-28): what passed `check` and then stopped or stalled
    /// the kiosk, and what was ignored instead of said.
    func testReviewFindingsOf20261128() throws {
        let render = ["render", "--out", "o"]
        // R1: a 3 MB label (or button title) was shaped whole: 100 s and 400 MB at start-up.
        write("r1.toml", "name = \"x\"\n[background.content]\nkind = \"label\"\ntext = \"" + String(repeating: "a", count: 3_000_000) + "\"\n")
        try expect("R1 check", ["check", "r1.toml"], status: 1, "r1.toml:4:1: 'text' is 3000000 bytes; a string is at most 4096")
        try expect("R1 render", render + ["--config", "r1.toml"], status: 1, "r1.toml:4:1: 'text' is 3000000 bytes")
        // R2: a good header over corrupt data passed `check`, then stopped `render` naming no key.
        for (png, why) in [("r2-bad-filter.png", "bad adaptive filter value"), ("r2-short-idat.png", "Not enough image data")] {
            write("r2.toml", "name = \"x\"\n[background]\nimage = \"\(png)\"\n")
            try expect("R2 check \(png)", ["check", "r2.toml"], status: 1, "r2.toml:3:1: 'image' = './\(png)': corrupt PNG data (\(why))")
            try expect("R2 render \(png)", render + ["--config", "r2.toml"], status: 1, "r2.toml:3:1: 'image' =")
            write("r2i.toml", "name = \"x\"\n[background.content]\nkind = \"image\"\npath = \"\(png)\"\n")
            try expect("R2 image content \(png)", render + ["--config", "r2i.toml"], status: 1, "r2i.toml:4:1: 'path' =", why)
        }
        // R3: the data file missing at start stopped the start when a placeholder only it gives.
        write("r3.toml", "name = \"x\"\n[data]\nfile = \"r3.json\"\n[background.content]\nkind = \"label\"\ntext = \"Now: {extra}\"\n")
        try expect("R3 check", ["check", "r3.toml"], status: 0)
        try expect("R3 render", render + ["--config", "r3.toml"], status: 0)
        write("r3.json", "{\"other\": \"1\"}")
        try expect("R3 check, file without it", ["check", "r3.toml"], status: 1,
                   "r3.toml:6:1: 'text' shows '{extra}', which has no value: add it to [values] or the data file")
        // R5: words after an action nobody reads were ignored (`instnat` animated).
        write("r5.touch", "0 do drawer set_position open instnat\n")
        try expect("R5", render + ["--config", CLI.root + "/examples/drawer.toml", "--script", "r5.touch"], status: 1,
                   "r5.touch:1: set_position: 'instnat' is not a word it takes (did you mean 'instant'?)")
        // R7: a byte-order mark before the first time.
        write("r7.touch", "\u{FEFF}0 down 1 400 470\n10 up 1\n")
        try expect("R7", render + ["--config", CLI.root + "/examples/drawer.toml", "--script", "r7.touch"], status: 0)
        write("r7x.touch", "0x10 down 1 400 470\n")
        try expect("R7 hex", render + ["--config", CLI.root + "/examples/drawer.toml", "--script", "r7x.touch"], status: 1,
                   "r7x.touch:1: expected a time in ms, found '0x10'")
    }

    /// The earlier reviews' findings fixed since.
    func testReviewFindingsOf20261128Second() throws {
        // A board file whose [display] is misspelt was checked as an app file: "unknown key"
        // for each of its tables and no word of what was meant.
        write("board.toml", "name = \"x\"\n\n[dispaly]\nmode = \"800x480\"\n\n[power]\nblank_after_s = 60\n")
        try expect("misspelt board table", ["check", "board.toml"], status: 1,
                   "board.toml:3:1: unknown key 'dispaly' (did you mean 'display'?)")
        write("theme.toml", "[ligth]\nbackground = \"#ffffff\"\n")
        try expect("misspelt theme table", ["check", "theme.toml"], status: 1,
                   "theme.toml:1:1: unknown key 'ligth' (did you mean 'light'?)")
        // `plot` of a long trace held every parsed line: about ten times the file (a 60 MB
        // trace, 566 MB). A 30 MB one stays under `expect`'s 200 MB now.
        var trace = ""
        trace.reserveCapacity(31_000_000)
        var i = 0
        while trace.utf8.count < 30_000_000 {
            let h = 264 + Double(i % 200)
            trace += "{\"t_ms\": \(Double(i) * 16.667), \"fingers\": [{\"id\": 1, \"x_pt\": 400, \"y_pt\": \(470 - i % 200)}], "
                + "\"components\": {\"drawer\": {\"phase\": \"dragging\", \"position\": {\"visible_height_pt\": \(h), \"dimming_alpha\": 0, "
                + "\"scroll_offset_pt\": 0}, \"velocity\": {\"visible_height_pt\": 60, \"dimming_alpha\": 0, \"scroll_offset_pt\": 0}}}}\n"
            i += 1
        }
        write("long.jsonl", trace)
        try expect("plot of a 30 MB trace", ["plot", "long.jsonl", "--out", "plot.png"], status: 0)
        try expect("plot over the pixel budget", ["plot", "long.jsonl", "--out", "plot.png", "--size", "8000x8000"], status: 64,
                   "--size 8000x8000: 8000x8000 px is over the 16-megapixel budget")
        try expect("plot over its own trace", ["plot", "long.jsonl", "--out", "./long.jsonl"], status: 64,
                   "--out names the trace's file, ./long.jsonl: it would be overwritten")
    }

    /// A bad-input review of decoding: work that grew with the compressed data or the rows.
    func testDecodingReviewFindingsOf20261129() throws {
        let render = ["render", "--out", "o"]
        // An 8x8 PNG whose IDAT inflates to 64 MiB of zeros after its rows (65 KB on disk);
        // libpng inflated every byte (5 GiB took 20 s), and `check` said ok.
        write("i1.toml", "name = \"x\"\n[background.content]\nkind = \"image\"\npath = \"i1-idat-bomb.png\"\n")
        let bomb = "'path' = './i1-idat-bomb.png': a PNG whose compressed data is longer than its 8x8 px need (a decompression bomb?)"
        try expect("I1 check", ["check", "i1.toml"], status: 1, "i1.toml:4:1: " + bomb)
        try expect("I1 render", render + ["--config", "i1.toml"], status: 1, "i1.toml:4:1: " + bomb)
        // An icon decoded whole for a 256 px picture: 60 rows of 4096x4096 took 21 s.
        write("i2.toml", "name = \"x\"\n[background.content]\nkind = \"list\"\nrows = [{ title = \"a\", icon = \"i2-icon-2048x8.png\" }]\n")
        try expect("I2 check", ["check", "i2.toml"], status: 1,
                   "'icon' = './i2-icon-2048x8.png': a PNG of 2048x8 px is over the 1024x1024 px an icon may be")
    }

    /// The third review's findings (a careless user at the command line), each once.
    func testReviewFindingsOf20261128Third() throws {
        let app = CLI.root + "/examples/drawer.toml"
        write("app.toml", try String(contentsOfFile: app, encoding: .utf8))
        // An output option naming an input overwrote it and exited 0.
        try expect("render --trace over the app", ["render", "--config", "app.toml", "--out", "o", "--trace", "app.toml"], status: 64,
                   "--trace names --config's file, app.toml: it would be overwritten")
        write("s.touch", "0 down 1 400 470\n20 up 1\n")
        try expect("render --state over the script", ["render", "--config", "app.toml", "--script", "s.touch", "--out", "o", "--state", "./s.touch"],
                   status: 64, "--state names --script's file")
        try expect("run --record over the app", ["run", "--headless", "--config", "app.toml", "--frames", "1", "--record", dir + "/app.toml"],
                   status: 64, "--record names --config's file")
        XCTAssertTrue((try? String(contentsOfFile: dir + "/app.toml", encoding: .utf8))?.contains("[[component]]") == true, "the app file is intact")
        // An output in a folder that does not exist was found out at exit, after the whole run.
        try expect("render --state in no folder", ["render", "--config", "app.toml", "--out", "o", "--state", "nowhere/state.json"], status: 64,
                   "--state: the folder \(dir)/nowhere does not exist")
        try expect("run --stats in no folder", ["run", "--headless", "--config", "app.toml", "--frames", "1", "--stats", "/nonexistent-pk/s.json"],
                   status: 64, "--stats: the folder /nonexistent-pk does not exist")
        // A log that could not be written: exit 1, as render does (it exited 0).
        try expect("run --trace on a full disk", ["run", "--headless", "--config", "app.toml", "--frames", "3", "--trace", "/dev/full"],
                   status: 1, "No space left on device")
        // An empty app file (the middle of a save) was an app with nothing on it.
        write("empty.toml", "")
        try expect("empty app", ["check", "empty.toml"], status: 1, "empty.toml:1:1: the file is empty")
        write("comments.toml", "# nothing yet\n\n")
        try expect("comments only", ["render", "--config", "comments.toml", "--out", "o"], status: 1,
                   "comments.toml:1:1: the file sets nothing (only comments or blank lines)")
        // status against something that is not a socket said "Connection refused".
        for (path, what) in [(dir + "/app.toml", "a regular file"), (dir, "a folder")] {
            let r = try CLI.run(["status", "--socket", path])
            XCTAssertEqual(r.status, 2, r.stdout)
            XCTAssertTrue(r.stdout.contains("\(path) is \(what), not a control socket"), r.stdout)
        }
        // A full disk (here a file-size limit) left a truncated final.png over the good one.
        try expect("render", ["render", "--config", "app.toml", "--out", "full"], status: 0)
        let good = try Data(contentsOf: URL(fileURLWithPath: dir + "/full/final.png"))
        let limited = try CLI.run(program: "/bin/sh", ["-c", "ulimit -f 8; exec \"$0\" render --config app.toml --out full --size 1920x1080", CLI.binary],
                                  cwd: dir)
        XCTAssertEqual(limited.status, 1, limited.stderr)
        XCTAssertTrue(limited.stderr.contains("full/final.png: cannot write it (File too large)"), limited.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/full/final.png")), good, "the earlier final.png stays whole")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/full").filter { $0.hasPrefix(".") }, [], "no temporary file left")
        try expect("--at with no time", ["render", "--config", "app.toml", "--out", "o", "--at", ","], status: 64,
                   "--at takes times in ms like 100,250; '' is not one")
        try expect("a side over the limit", ["render", "--config", "app.toml", "--out", "o", "--size", "100000x100000"], status: 1,
                   "--size 100000x100000: a side is at most 8192 px")
        try expect("a side of 0", ["render", "--config", "app.toml", "--out", "o", "--size", "0x0"], status: 1,
                   "--size 0x0: a side must be at least 1 px")
        // A relative [control] socket is the app folder's, like every path in the file (it
        // was the working directory's).
        write("rel.toml", "name = \"x\"\n[control]\nsocket = \"k.sock\"\n[background]\ncolor = \"#ffffff\"\n")
        XCTAssertEqual(try AppConfig.load(path: dir + "/rel.toml").controlSocket, dir + "/k.sock")
        // A reader of the kiosk's stderr that goes away (`run ... | head -1`): the next log
        // line (a reload's) killed the kiosk with SIGPIPE.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "--headless", "--config", dir + "/app.toml"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        _ = err.fileHandleForReading.readData(ofLength: 1)    // started: it has logged
        try err.fileHandleForReading.close()
        kill(p.processIdentifier, SIGHUP)                      // "reloaded ..." into the closed pipe
        usleep(500_000)
        kill(p.processIdentifier, SIGHUP)
        usleep(500_000)
        XCTAssertTrue(p.isRunning, "the kiosk died when its log reader went away")
        p.terminate()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .exit)
        XCTAssertEqual(p.terminationStatus, 0)
    }
    /// A negative number said "Missing value", a script cut short by --frames was silent,
    /// and a reused --out kept a longer render's frames beside the new ones.
    func testNumbersScriptsCutShortAndStaleFrames() throws {
        write("app.toml", try String(contentsOfFile: CLI.root + "/examples/drawer.toml", encoding: .utf8))
        try expect("--frames -1", ["run", "--headless", "--config", "app.toml", "--frames", "-1"], status: 64, "--frames must be at least 1")
        try expect("--fps -5", ["render", "--config", "app.toml", "--out", "o", "--fps", "-5"], status: 64, "--fps must be between 1 and 1000")
        try expect("status --timeout -1", ["status", "--timeout", "-1"], status: 64, "--timeout must be more than 0")
        write("s.touch", "0 down 1 400 400\n100 move 1 400 300\n200 up 1\n")
        try expect("--play cut short by --frames", ["run", "--headless", "--config", "app.toml", "--play", "s.touch", "--frames", "2"],
                   status: 0, "--frames 2 ends the run about 33 ms after the first frame, before --play's last line (700 ms after it")
        try expect("every frame", ["render", "--config", "app.toml", "--script", "s.touch", "--out", "o", "--every-frame"], status: 0)
        write("o/notes.txt", "mine")
        write("o/frame-1.png", "not ours: too few digits")
        let r = try CLI.run(["render", "--config", "app.toml", "--out", "o", "--at", "100"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("removed "), r.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/o").sorted(),
                       ["final.png", "frame-000100.png", "frame-1.png", "notes.txt"])
    }
    /// An app file naming itself (or another app file) as its theme said "unknown key
    /// 'theme'" about its own line, without saying it had been read as a theme.
    func testAThemeThatIsAnAppFileIsSaidSo() throws {
        write("self.toml", "name = \"x\"\ntheme = \"./self.toml\"\n[background]\ncolor = \"#ffffff\"\n")
        try expect("theme = the app itself", ["check", "self.toml"], status: 1,
                   "self.toml:2:1: 'theme' names this app file itself; a theme is a file of its own")
        write("other.toml", "name = \"y\"\n[background]\ncolor = \"#000000\"\n")
        write("app.toml", "name = \"x\"\ntheme = \"other.toml\"\n[background]\ncolor = \"#ffffff\"\n")
        try expect("theme = another app", ["render", "--config", "app.toml", "--out", "o"], status: 1,
                   "the theme file ./other.toml, named by app.toml:", "other.toml:2:1: unknown key 'background'")
    }

    /// A user's review (2026-11-29): the files the app file names are inputs too, and a data
    /// file another program wrote wrong does not stop the start.
    func testReviewFindingsOf20261129() throws {
        write("theme.toml", try String(contentsOfFile: CLI.root + "/examples/themes/default.toml", encoding: .utf8))
        write("now.json", #"{"b": [{"title": "x"}], "a": "2"}"#)
        write("q.toml", """
            name = "Q"
            theme = "theme.toml"
            [data]
            file = "now.json"
            [values]
            a = "1"
            [background.content]
            kind = "label"
            text = "{a} {b}"
            """)
        let theme = try String(contentsOfFile: dir + "/theme.toml", encoding: .utf8)
        // `render --state theme.toml` overwrote the theme and exited 0.
        try expect("render --state over the theme", ["render", "--config", "q.toml", "--out", "o", "--state", "theme.toml"], status: 64,
                   "--state names the app's theme, theme.toml: it would be overwritten")
        try expect("run --events over the data file", ["run", "--headless", "--config", "q.toml", "--frames", "1", "--events", "./now.json"],
                   status: 64, "--events names the app's data file, ./now.json: it would be overwritten")
        XCTAssertEqual(try String(contentsOfFile: dir + "/theme.toml", encoding: .utf8), theme)
        // The file gives rows where a label shows text: the start failed, blaming q.toml. Now
        // the kiosk starts and says what is wrong where it is written; check reports it too.
        try expect("a data file value of the wrong sort", ["run", "--headless", "--config", "q.toml", "--frames", "2"], status: 0,
                   "now.json:1:2: value 'b' must be text, as the app shows it, not rows; keeping the values shown")
        try expect("check: a data file value of the wrong sort", ["check", "q.toml"], status: 1,
                   "now.json:1:2: value 'b' must be text, as the app shows it, not rows")
        // A data file row whose icon cannot be shown stopped the start (its icon was not even
        // resolved against the app's folder), and later was reported with no line and column.
        write("icons.json", "{\n  \"a\": \"3\",\n  \"rows\": [{\"title\": \"x\", \"icon\": \"missing.png\"}]\n}\n")
        write("ic.toml", "name = \"I\"\n[data]\nfile = \"icons.json\"\n[values]\na = \"1\"\nrows = [{ title = \"r\" }]\n"
              + "[background.content]\nkind = \"list\"\nrows = \"{rows}\"\n")
        try expect("a data file row icon that cannot be shown", ["run", "--headless", "--config", "ic.toml", "--frames", "2"], status: 0,
                   "icons.json:3:3: 'rows': \"rows[0].icon\" = './missing.png': No such file or directory; keeping the values shown")
        // Placeholders multiplied a text past its limit: a label of 1365 `{a}` with `a` 800
        // words took 10 s and 1.2 GB to lay out (with one long word, minutes).
        let label = String(repeating: "{a}", count: 1365)
        write("amp.toml", "name = \"t\"\n[values]\na = \"\(String(repeating: "word ", count: 800))\"\n"
              + "[background.content]\nkind = \"label\"\nmax_lines = 3\ntext = \"\(label)\"\n")
        try expect("placeholders multiplying a text", ["render", "--config", "amp.toml", "--out", "oa"], status: 0)
        // A script's `send` of a service command was accepted and did nothing (no screenshot
        // written, exit 0).
        write("sd.touch", "0 send {\"cmd\":\"screenshot\",\"path\":\"/tmp/never.png\"}\n")
        try expect("a service command in render", ["render", "--config", "q.toml", "--script", "sd.touch", "--out", "os"], status: 1,
                   "sd.touch:1: 'screenshot' is a command for a running kiosk (the control socket, MQTT); render does not carry it out")
        write("sd.touch", "0 send {\"cmd\":\"subscribe\"}\n")
        try expect("subscribe in render", ["render", "--config", "q.toml", "--script", "sd.touch", "--out", "os"], status: 1,
                   "sd.touch:1: subscribe is the control socket's")
        // A text value given as an array was told to write row objects, which were refused in turn.
        write("now.json", #"{"a": ["x"]}"#)
        try expect("a text given as an array", ["run", "--headless", "--config", "q.toml", "--frames", "2"], status: 0,
                   "now.json:1:2: value 'a' must be text, as the app shows it, not rows")
        try expect("check: a text given as an array", ["check", "q.toml"], status: 1,
                   "now.json:1:2: value 'a' must be text, as the app shows it, not rows")
    }
}
