import DrawerRuntime
import PanelKiosk

/// The scripted tour `demo` plays offscreen: one short scene per component in the app, in
/// 800x480 frame pixels.
enum DemoTour {
    static func script(for app: AppConfig) -> String {
        let byKind = Dictionary(app.components.map { ($0.kind, $0.id) }, uniquingKeysWith: { first, _ in first })
        if byKind.count == 5 { return showcase(byKind) }
        var lines: [String] = ["# panel-kiosk demo tour"]
        var t = 300
        for spec in app.components {
            let id = spec.id
            switch spec.kind {
            case "bottom_drawer":
                lines += [
                    "# \(id): swipe up to open, scroll the list in the same gesture, flick back down",
                    "\(t) down 1 400 300", "\(t + 16) move 1 400 280", "\(t + 33) move 1 400 240",
                    "\(t + 50) move 1 400 190", "\(t + 66) move 1 400 140", "\(t + 83) move 1 400 100",
                    "\(t + 100) up 1",
                    "\(t + 900) do \(id) set_position partiallyRevealed",
                    "\(t + 1700) do \(id) bounce",
                ]
                t += 2700
            case "sheet":
                lines += [
                    "# \(id): tap the header to expand, push a page, close it, flick the card down",
                    "\(t) down 1 400 450", "\(t + 40) up 1",
                    "\(t + 1000) do \(id) push details",
                    "\(t + 1900) down 1 775 35", "\(t + 1940) up 1",
                    "\(t + 2700) down 1 400 40", "\(t + 2716) move 1 400 60", "\(t + 2733) move 1 400 100",
                    "\(t + 2750) move 1 400 150", "\(t + 2766) up 1",
                ]
                t += 3800
            case "swipe_dismiss":
                lines += [
                    "# \(id): present it (if it is not up), drag it down past 30 % to dismiss, present again",
                    "\(t) do \(id) present",
                    "\(t + 700) down 1 400 120", "\(t + 750) move 1 400 160", "\(t + 800) move 1 400 220",
                    "\(t + 850) move 1 400 280", "\(t + 900) move 1 400 300", "\(t + 1050) up 1",
                    "\(t + 1600) do \(id) present",
                ]
                t += 2600
            case "side_drawer":
                lines += [
                    "# \(id): drag the pane open from the left edge, tap it closed, bounce, replace the page",
                    "\(t) down 1 10 240", "\(t + 16) move 1 60 240", "\(t + 33) move 1 120 240",
                    "\(t + 50) move 1 180 240", "\(t + 66) move 1 230 240", "\(t + 83) up 1",
                    "\(t + 1000) down 1 600 240", "\(t + 1050) up 1",
                    "\(t + 2000) do \(id) bounce left",
                    "\(t + 3000) do \(id) open right",
                    "\(t + 4200) do \(id) close",
                ]
                t += 5400
            case "popup":
                lines += [
                    "# \(id): swipe the bar up to open, drag the page down to close, programmatic open and close",
                    "\(t) do \(id) present_bar",
                    "\(t + 800) down 1 400 448", "\(t + 816) move 1 400 436", "\(t + 833) move 1 400 400",
                    "\(t + 850) up 1",
                    "\(t + 2000) down 1 400 250", "\(t + 2016) move 1 400 280", "\(t + 2033) move 1 400 330",
                    "\(t + 2050) move 1 400 390", "\(t + 2066) up 1",
                    "\(t + 3200) do \(id) open",
                    "\(t + 4400) do \(id) close",
                ]
                t += 5600
            default:
                break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The showcase (examples/showcase.toml, 800x480): every component in turn, by touch where
    /// the layout leaves it room, by programmatic calls where components overlap.
    static func showcase(_ id: [String: String]) -> String {
        let menu = id["side_drawer"]!, drawer = id["bottom_drawer"]!, sheet = id["sheet"]!
        let player = id["popup"]!, modal = id["swipe_dismiss"]!
        return """
            # panel-kiosk showcase tour
            # 1. side drawer: drag the pane open from the left edge, tap the pane to close it
            300 down 1 8 200
            316 move 1 60 200
            333 move 1 130 200
            350 move 1 200 200
            366 move 1 250 200
            383 up 1
            1400 down 1 600 200
            1440 up 1
            2300 do \(menu) replace_pane settings
            4200 do \(menu) replace_pane home
            # 2. the Pulley panel in the top-right corner: drag it down to open, flick it back
            5600 down 2 620 40
            5616 move 2 620 70
            5633 move 2 620 120
            5650 move 2 620 180
            5666 move 2 620 240
            5683 up 2
            6800 do \(drawer) set_position collapsed
            7600 do \(drawer) bounce
            # 3. the sheet: swipe its header up, push a page, pop it, back down
            8800 down 3 200 372
            8816 move 3 200 340
            8833 move 3 200 280
            8850 move 3 200 200
            8866 up 3
            10000 do \(sheet) push details
            11200 do \(sheet) pop
            12200 do \(sheet) snap 2
            # 4. the popup bar: open it, close it
            13400 do \(player) open
            14800 do \(player) close
            # 5. the ticket: present it, swipe it down to dismiss
            16200 do \(modal) present
            17200 down 4 400 200
            17250 move 4 400 260
            17300 move 4 400 330
            17350 move 4 400 400
            17400 up 4

            """
    }

    /// A frame every 100 ms through the tour.
    static func captureTimes(for script: TouchScript) -> [Double] {
        stride(from: 0.0, through: script.durationMS + 600, by: 100).map { $0 }
    }
}
