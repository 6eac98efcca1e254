// A departures board built in code: the app, its content and its reactions are Swift; the
// runtime is the one `panel-kiosk run` uses.
//
//   swift run DeparturesKiosk                 on the display (DRM/KMS), like `panel-kiosk run`
//   swift run DeparturesKiosk --board FILE    with a board file
//   swift run DeparturesKiosk --out DIR       offscreen: a swipe that raises the drawer, then DIR/final.png
//   swift run DeparturesKiosk --headless DIR  the real-time loop in memory, fed by a task (the
//                                             clock, a departure), then DIR/headless.png
import DrawerRuntime
import PanelKiosk
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// The screen: a header and the board behind a bottom drawer of service notices.
func departuresApp() -> AppConfig {
    var app = AppConfig(name: "Departures")
    app.appearance = "dark"
    app.background = .color(Color(hex: "#0B1526")!)
    app.values = ["clock": .text("08:09")]
    app.backgroundContent = .stack([
        .stack([
            .label("Central Station", size: 30, bold: true),
            .label("{clock}", id: "clock", size: 30, bold: true, tone: .accent, align: .end),
        ], axis: .horizontal, padding: 0),
        .label("Next train: --:--", id: "next", tone: .secondary),
        .list([], id: "board"),
    ], spacing: 6, padding: 20)
    var drawer = BottomDrawerConfig()
    drawer.positions = [.collapsed, .partiallyRevealed]
    drawer.partialHeight = 230
    app.components = [
        .bottomDrawer(id: "notices", config: drawer, content: .stack([
            .label("Service notices", id: "status", size: 20, bold: true),
            .list([ContentSpec.Row(title: "Lift at platform 2 out of service", subtitle: "until Friday")], id: "notice-list"),
            .button("Dismiss", action: "dismiss"),
        ])),
    ]
    return app
}

/// What the program does while the kiosk runs: the board from its own data, and the
/// drawer's title following the drawer.
func attach(_ kiosk: Kiosk) throws {
    try kiosk.insertRows("board", at: 0, [
        ContentSpec.Row(title: "08:12  S1  Airport", subtitle: "Platform 3 · on time"),
        ContentSpec.Row(title: "08:15  RE4  Harbour", subtitle: "Platform 1 · +2 min"),
        ContentSpec.Row(title: "08:21  S3  University", subtitle: "Platform 4 · on time"),
    ], animated: false)
    try kiosk.set("next", text: "Next train: 08:12 S1 Airport")
    // Weak: the kiosk keeps its handlers, and a handler holding it strongly would keep it
    // (and its display, socket and files) for as long as the process lives.
    kiosk.onEvent { [weak kiosk] event in
        guard let kiosk else { return }
        switch event {
        case .positionDidChange(let drawer, let position):
            print("drawer \(drawer): \(position.rawValue)")
            try? kiosk.set("status", text: position == .collapsed ? "Service notices" : "Service notices (2)")
        case .action(_, "dismiss"): try? kiosk.setPosition("notices", .collapsed)
        default: break
        }
    }
    try kiosk.insertRows("notice-list", at: 1, [ContentSpec.Row(title: "S3 runs every 20 min tonight")], animated: false)
}

/// The program's own data, from another task while the loop runs: what a feed or a sensor
/// does. `Kiosk.Remote` is Sendable; each command is carried out between frames.
func feed(_ remote: Kiosk.Remote, screenshot: String?) async throws {
    try await remote.send(.setValues(["clock": .text("08:10")]))
    try await remote.send(.insertRows(id: "board", at: 0, rows: [ContentSpec.Row(title: "08:10  S2  Old Town", subtitle: "Platform 2 · now")],
                                      animated: true))
    print("clock and board set by a task")
    if let screenshot {
        // After the row's slide: the drawer's event stream could say when, a row has no event.
        try await Task.sleep(for: .milliseconds(600))
        let reply = try await remote.send(.service(.screenshot(path: screenshot)))
        if case .string(let path)? = reply["path"] { print("screenshot: \(path)") }
        remote.stop()
    }
}

func fail(_ message: String) -> Never {
    var line = "DeparturesKiosk: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

var arguments = CommandLine.arguments.dropFirst()
var outDir: String?
var headlessDir: String?
var boardPath: String?
while let a = arguments.popFirst() {
    switch a {
    case "--out":
        guard let dir = arguments.popFirst() else { fail("--out needs a folder") }
        outDir = dir
    case "--headless":
        guard let dir = arguments.popFirst() else { fail("--headless needs a folder") }
        headlessDir = dir
    case "--board":
        guard let path = arguments.popFirst() else { fail("--board needs a board file") }
        boardPath = path
    default: fail("unknown argument '\(a)'; use --out DIR, --headless DIR or --board FILE")
    }
}

do {
    if let outDir {
        // Offscreen at 800x480: a finger swipes the drawer up (frame pixels, ms).
        let kiosk = try Kiosk(app: departuresApp(), widthPx: 800, heightPx: 480)
        try attach(kiosk)
        let swipe = try TouchScript.parse("""
            0 down 1 400 440
            16 move 1 400 400
            32 move 1 400 330
            48 move 1 400 250
            64 move 1 400 170
            80 up 1
            """, name: "swipe-up")
        let result = try kiosk.render(script: swipe, into: outDir)
        print("rendered \(result.frames) frames to \(Int(result.finalTimeMS)) ms; wrote \(outDir)/final.png")
    } else if let headlessDir {
        // No socket of its own: the task is what drives it. 10 s at most. The screenshot
        // command writes into a folder that exists (a control command makes none), so the
        // folder is made here, as `render(script:into:)` makes --out's.
        if mkdir(headlessDir, 0o755) != 0 && errno != EEXIST {
            fail("--headless \(headlessDir): cannot make the folder: \(String(cString: strerror(errno)))")
        }
        var app = departuresApp()
        app.controlSocket = ""
        let kiosk = try Kiosk.headless(app: app, widthPx: 800, heightPx: 480, frameLimit: 600)
        try attach(kiosk)
        let remote = kiosk.remote
        Task.detached {
            do { try await feed(remote, screenshot: headlessDir + "/headless.png") } catch {
                print("feed: \(error)")
                remote.stop()
            }
        }
        try kiosk.run()     // until the task stops it
    } else {
        let board = try boardPath.map { path in try BoardConfig.load(path: path) } ?? BoardConfig()
        guard let kiosk = try Kiosk.onDisplay(app: departuresApp(), board: board) else { exit(0) }
        try attach(kiosk)
        let remote = kiosk.remote
        Task.detached { do { try await feed(remote, screenshot: nil) } catch { print("feed: \(error)") } }
        try kiosk.run()
    }
} catch {
    fail("\(error)")
}
