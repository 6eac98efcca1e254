import DrawerRuntime

/// The scripted tour `demo` plays offscreen: one short scene per component in the app, in
/// 800x480 frame pixels.
enum DemoTour {
    static func script(for app: AppConfig) -> String {
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

    /// A frame every 100 ms through the tour.
    static func captureTimes(for script: TouchScript) -> [Double] {
        stride(from: 0.0, through: script.durationMS + 600, by: 100).map { $0 }
    }
}
