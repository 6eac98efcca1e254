"""What scripts/bench-targets and scripts/bench-blend2d share: issue 18's table, their
command line ([KIOSK] [--runs N]), and one run of `panel-kiosk bench --layers --json`.
A module beside them (imported from the scripts' folder), not a script of its own."""
import json, os, subprocess, sys

# Issue 18's table: at most this many memcpys of one frame from DRAM (same run).
TARGETS = {
    "800x480": [("40 pins", 0.85), ("20 roads", 1.75), ("dim", 1.25), ("drawer + pill", 0.28), ("full frame", 5.4)],
    "1920x1080": [("40 pins", 0.19), ("20 roads", 0.75), ("dim", 1.15), ("drawer + pill", 0.23), ("full frame", 2.6)],
}


def command_line(name, usage, default_runs):
    """(runs, kiosk) from sys.argv, or exits with `usage` or words naming `name`."""
    args = sys.argv[1:]
    runs = default_runs
    if "--runs" in args:
        i = args.index("--runs")
        try:
            runs = int(args[i + 1])
        except (IndexError, ValueError):
            sys.exit("%s: --runs needs a number" % name)
        del args[i:i + 2]
    if runs < 1 or len(args) > 1 or any(a.startswith("-") for a in args):
        sys.exit(usage)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    kiosk = args[0] if args else os.path.join(root, ".build/release/panel-kiosk")
    if not (os.path.isfile(kiosk) and os.access(kiosk, os.X_OK)):
        sys.exit("%s: %s is not built (swift build -c release --product panel-kiosk)" % (name, kiosk))
    return runs, kiosk


def layers_run(name, kiosk, size):
    """One `bench --layers --json --size SIZE`: its JSON object, or exits saying why not."""
    p = subprocess.run([kiosk, "bench", "--layers", "--json", "--size", size], capture_output=True, text=True)
    lines = p.stdout.strip().splitlines()
    if p.returncode != 0 or not lines:
        sys.exit("%s: bench --layers --size %s exited %d: %s" % (name, size, p.returncode, p.stderr.strip()[-300:]))
    try:
        return json.loads(lines[-1])
    except ValueError:
        sys.exit("%s: %s bench --layers --json printed no JSON: %r" % (name, kiosk, lines[-1][-300:]))


def ratio(name, result, layer):
    """`layer`'s ratio to the memcpy in one run's JSON ("full frame": the whole frame's)."""
    try:
        if layer == "full frame":
            return result["full_over_memcpy"]
        for item in result["layers"]:
            if item["layer"] == layer:
                return item["over_memcpy"]
    except (KeyError, TypeError):
        pass
    sys.exit("%s: no %r in the bench output" % (name, layer))
