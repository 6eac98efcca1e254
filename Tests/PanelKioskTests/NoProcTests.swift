import Foundation
import XCTest

/// Without /proc (a chroot while an image is built), the command line still reaches the
/// commands: Swift's `CommandLine` reads it from /proc/self/cmdline on Linux, and there it was
/// empty, so every command printed the help and exited 0 and `check` "passed" a broken file.
final class NoProcTests: XCTestCase {
    /// Runs the binary in a mount namespace of its own whose /proc is unmounted.
    private func runWithoutProc(_ args: [String]) throws -> CLI.Result {
        let probe = try CLI.run(program: "/usr/bin/unshare", ["--mount", "--fork", "true"])
        if probe.status != 0 { throw XCTSkip("unshare --mount is not allowed here (needs root): \(probe.stderr)") }
        // `exec` keeps the binary's exit status; `test ! -e /proc/self` proves /proc is gone.
        let script = #"umount -l /proc && test ! -e /proc/self && exec "$0" "$@""#
        return try CLI.run(program: "/usr/bin/unshare", ["--mount", "--fork", "sh", "-c", script, CLI.binary] + args)
    }

    func testCheckChecksWithoutProc() throws {
        let dir = CLI.tempDir()
        let bad = dir + "/bad.toml"
        try "[[component]]\nid = \"d\"\nkind = \"bottom_drawr\"\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try runWithoutProc(["check", bad])
        XCTAssertEqual(refused.status, 1, refused.stdout + refused.stderr)
        XCTAssertTrue((refused.stdout + refused.stderr).contains("bad.toml:3"), refused.stdout + refused.stderr)
        XCTAssertFalse(refused.stdout.contains("SUBCOMMANDS"), "not the help")

        let good = try runWithoutProc(["check", CLI.root + "/examples/drawer.toml"])
        XCTAssertEqual(good.status, 0, good.stdout + good.stderr)
        XCTAssertTrue(good.stdout.contains("ok (app file)"), good.stdout)
    }
}
