import DrawerRuntime

/// Replacing the screens of a running kiosk with what the files say now. A new file that
/// does not validate is reported and changes nothing.
enum ScreenReload {
    /// A fresh screen from `app` (read again from its file, or the same app built in code),
    /// with the state of every component whose id and kind match one on `old` carried over.
    /// `values`: the running named values, which stay (the file's `[values]` only start them).
    static func rebuild(app: AppConfig, old: Screen, geometry: FrameGeometry, values: [String: LiveValue]) throws -> SceneBuilder.Built {
        let built = try SceneBuilder.build(app: app, geometry: geometry, values: values)
        for c in built.screen.components {
            if let previous = old.component(c.id), previous.kind == c.kind { c.carryState(from: previous) }
        }
        return built
    }
}
