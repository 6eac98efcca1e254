import DrawerRuntime
import PanelKiosk

/// Apps built in code that several test files use.
enum TestApps {
    /// A bottom drawer (collapsed, partially revealed, open; starting partial) holding a bold
    /// label `title` and a one-row list `board`.
    static func drawerWithBoard(name: String) -> AppConfig {
        var app = AppConfig(name: name)
        var drawer = BottomDrawerConfig()
        drawer.positions = [.collapsed, .partiallyRevealed, .open]
        drawer.initial = .partiallyRevealed
        app.components = [.bottomDrawer(id: "drawer", config: drawer, content: .stack([
            .label("Departures", id: "title", bold: true),
            .list([ContentSpec.Row(title: "08:12  S1  Airport", subtitle: "Platform 3")], id: "board"),
        ]))]
        return app
    }
}
