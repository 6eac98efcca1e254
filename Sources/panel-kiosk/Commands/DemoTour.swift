import DrawerRuntime
import PanelKiosk

/// The tour `demo` shows: five screens, each an example app file built the way a real kiosk
/// would use one component, with content that changes while it is shown. Offscreen each is
/// played from its touch script on the simulated clock (800x480 frame pixels); in a window the
/// content changes come over the control socket at the same times and the user's mouse is the
/// finger, so the gestures are replaced by the control commands that do the same.
struct DemoTour {
    /// One line of a screen's timeline, at `ms` from the screen's start.
    struct Step: Sendable {
        enum Use: Sendable {
            /// A touch: offscreen only (in a window the mouse is the finger).
            case touch
            /// A control command: offscreen as a `send` line, in a window over the socket.
            case both
            /// A control command that stands in for a gesture, in a window only.
            case windowOnly
        }
        var ms: Int
        var line: String
        var use: Use
    }

    struct Screen: Sendable {
        /// The example app file, relative to the examples folder.
        var file: String
        /// A short name: folder and PNG names of the offscreen tour.
        var name: String
        /// What it shows, for the user.
        var title: String
        var steps: [Step]
        /// The moment the offscreen tour keeps as the screen's picture (`NN-name.png`).
        var shotMS: Int
        /// How long a window shows it before moving on.
        var windowMS: Int

        /// The touch script the offscreen tour plays.
        var script: String {
            var lines = ["# panel-kiosk demo tour: \(title)"]
            // In time order; lines at the same time keep their order.
            for s in steps.enumerated().sorted(by: { ($0.element.ms, $0.offset) < ($1.element.ms, $1.offset) }).map(\.element) {
                switch s.use {
                case .touch: lines.append("\(s.ms) \(s.line)")
                case .both: lines.append("\(s.ms) send \(s.line)")
                case .windowOnly: break
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// The control commands a window's feed sends, in time order.
        var feed: [(ms: Int, line: String)] {
            steps.filter {
                switch $0.use {
                case .touch: false
                case .both, .windowOnly: true
                }
            }.enumerated().sorted { ($0.element.ms, $0.offset) < ($1.element.ms, $1.offset) }.map { ($0.element.ms, $0.element.line) }
        }
    }

    /// A frame every 250 ms of each screen, as PNGs.
    static let captureIntervalMS = 250

    static let screens: [Screen] = [departures, ticket, settings, music, shop]

    private static func touch(_ ms: Int, _ line: String) -> Step { Step(ms: ms, line: line, use: .touch) }
    private static func send(_ ms: Int, _ json: String) -> Step { Step(ms: ms, line: json, use: .both) }
    private static func instead(_ ms: Int, _ json: String) -> Step { Step(ms: ms, line: json, use: .windowOnly) }
    /// A finger dragged from (x, y0) to (x, y1) in `n` moves `step` ms apart, lifted after
    /// `hold` ms more (a held finger lifts slowly: the component settles where it is, no fling).
    private static func drag(_ ms: Int, x: Int, from y0: Int, to y1: Int, moves n: Int = 5, step: Int = 16, hold: Int = 16) -> [Step] {
        var steps = [touch(ms, "down 1 \(x) \(y0)")]
        for i in 1...n { steps.append(touch(ms + i * step, "move 1 \(x) \(y0 + (y1 - y0) * i / n)")) }
        steps.append(touch(ms + n * step + hold, "up 1"))
        return steps
    }
    private static func horizontalDrag(_ ms: Int, y: Int, from x0: Int, to x1: Int, moves n: Int = 5) -> [Step] {
        var steps = [touch(ms, "down 1 \(x0) \(y)")]
        for i in 1...n { steps.append(touch(ms + i * 16, "move 1 \(x0 + (x1 - x0) * i / n) \(y)")) }
        steps.append(touch(ms + n * 16 + 16, "up 1"))
        return steps
    }

    /// A departures board: the clock ticks, a train leaves the board and a new one joins at its
    /// end, the notices drawer is pulled up and its notice changes.
    static let departures: Screen = {
        func board(_ rows: [(String, String)]) -> String {
            "[" + rows.map { #"{"title":"\#($0.0)","subtitle":"\#($0.1)"}"# }.joined(separator: ",") + "]"
        }
        let later = board([("08:15   RE4  Harbour", "Platform 1 · boarding"), ("08:21   S3   University", "Platform 4 · +2 min"),
                           ("08:24   S8   Old Town", "Platform 2 · on time"), ("08:30   IC7  Coast Line", "Platform 6 · on time"),
                           ("08:33   S1   Airport", "Platform 3 · on time")])
        var steps: [Step] = [
            send(600, #"{"cmd":"set","id":"boarding","value":0.45}"#),
            send(1000, #"{"cmd":"set_values","values":{"clock":"08:10"}}"#),
            send(2200, #"{"cmd":"set_values","values":{"notice":"S3 University runs 2 min late: signal repairs at Old Town. Lifts at all platforms are working."}}"#),
            send(2600, #"{"cmd":"set","id":"boarding","value":0.8}"#),
            send(3000, #"{"cmd":"set_values","values":{"clock":"08:12","next_train":"08:15  RE4 Harbour · platform 1 · 3 min","departures":\#(later)}}"#),
            instead(1400, #"{"cmd":"set_position","target":"notices","position":"partiallyRevealed"}"#),
            instead(4200, #"{"cmd":"set_position","target":"notices","position":"collapsed"}"#),
            send(5000, #"{"cmd":"set_values","values":{"clock":"08:13"}}"#),
        ]
        steps += drag(1400, x: 400, from: 440, to: 280, moves: 10, step: 30, hold: 150)
        steps += drag(4200, x: 400, from: 270, to: 430)
        return Screen(file: "tour-departures.toml", name: "departures", title: "a departures board with a notices drawer",
                      steps: steps, shotMS: 3500, windowMS: 7000)
    }()

    /// A ticket machine's ticket card: its validity counts down; it is swiped away and the
    /// machine says where the ticket went.
    static let ticket: Screen = {
        var steps: [Step] = (1...4).map { i in
            send(i * 700, #"{"cmd":"set_values","values":{"valid":"Valid for 59:\#(58 - i)"}}"#)
        }
        steps += (1...4).map { i in send(i * 700, #"{"cmd":"set","id":"validity","value":\#(1 - Double(i) * 0.004)}"#) }
        steps += [touch(3200, "down 1 400 330"), touch(3250, "move 1 400 370"), touch(3300, "move 1 400 430"),
                  touch(3350, "move 1 400 480"), touch(3400, "up 1")]
        steps += [instead(3200, #"{"cmd":"close","target":"ticket"}"#),
                  send(3700, #"{"cmd":"set","id":"greeting","text":"Your ticket is on your phone. Have a good trip!"}"#)]
        return Screen(file: "tour-ticket.toml", name: "ticket", title: "a ticket card, swiped away",
                      steps: steps, shotMS: 1500, windowMS: 6000)
    }()

    /// A settings pane: the menu is dragged in from the left edge, closed by a tap on the pane,
    /// and the brightness follows the room light.
    static let settings: Screen = {
        var steps = horizontalDrag(400, y: 240, from: 8, to: 260)
        steps += [instead(400, #"{"cmd":"open","target":"menu","side":"left"}"#),
                  touch(2300, "down 1 600 240"), touch(2340, "up 1"),
                  instead(2300, #"{"cmd":"close","target":"menu"}"#)]
        for (i, level) in [55, 50, 45, 40].enumerated() {
            steps.append(send(2800 + i * 400, #"{"cmd":"set_values","values":{"brightness":"Brightness · \#(level) % (automatic)"}}"#))
            steps.append(send(2800 + i * 400, #"{"cmd":"set","id":"brightness","value":\#(Double(level) / 100)}"#))
        }
        return Screen(file: "tour-settings.toml", name: "settings", title: "a settings pane with a side-drawer menu",
                      steps: steps, shotMS: 1500, windowMS: 6500)
    }()

    /// A jukebox: the song plays on (the bar's progress and the open page's), the bar is swiped
    /// up into the player page and the page is closed again.
    static let music: Screen = {
        var steps: [Step] = []
        for i in 1...10 {
            let p = 0.36 + Double(i) * 0.012, s = 84 + i
            steps.append(send(i * 400, #"{"cmd":"set_popup_item","target":"player","progress":\#(p)}"#))
            steps.append(send(i * 400, #"{"cmd":"set","id":"song-progress","value":\#(p)}"#))
            steps.append(send(i * 400, #"{"cmd":"set_values","values":{"elapsed":"\#(s / 60):\#(s % 60 < 10 ? "0" : "")\#(s % 60) of 3:52"}}"#))
        }
        steps += drag(900, x: 400, from: 448, to: 330, moves: 4)
        steps += [instead(900, #"{"cmd":"open","target":"player"}"#),
                  send(3600, #"{"cmd":"close","target":"player"}"#)]
        return Screen(file: "tour-music.toml", name: "music", title: "a jukebox with a music popup bar",
                      steps: steps, shotMS: 2500, windowMS: 6000)
    }()

    /// A shop's details in a sheet: expanded by a swipe on its header, a page of opening hours
    /// pushed and popped; the checkout queue is live.
    static let shop: Screen = {
        var steps: [Step] = [
            send(700, #"{"cmd":"set_values","values":{"queue":"5 people waiting · about 7 min"}}"#),
            send(2600, #"{"cmd":"set_values","values":{"queue":"3 people waiting · about 4 min"}}"#),
            instead(1200, #"{"cmd":"snap","target":"shop","anchor":0}"#),
            send(3000, #"{"cmd":"push","target":"shop","page":"hours"}"#),
            send(4600, #"{"cmd":"pop","target":"shop"}"#),
        ]
        steps += drag(1200, x: 300, from: 238, to: 60)
        return Screen(file: "tour-shop.toml", name: "shop", title: "a shop's details in a sheet",
                      steps: steps, shotMS: 1000, windowMS: 7000)
    }()
}
