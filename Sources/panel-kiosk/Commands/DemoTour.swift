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
