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
