import DrawerRuntime

extension AppConfig {
    /// An empty app to fill in code: add components, background content, named values, a
    /// theme. Paths in it are used as given (an app file's are relative to its folder).
    public init(name: String = "panel-kiosk") {
        self.init(path: "")
        self.name = name
    }

    /// Reads and checks app-file text (TOML) as if it were the file at `path` (which names it
    /// in messages and anchors its relative paths).
    public static func parse(toml: String, path: String) throws(DiagnosticList) -> AppConfig {
        let root = try ConfigLoader.parse(text: toml, file: path)
        let sink = DiagnosticSink()
        let app = parse(root, path: path, sink: sink)
        if !sink.items.isEmpty { throw DiagnosticList(items: sink.sorted) }
        return app
    }

    /// The component with `id`, to read or change in place (nil: there is none).
    public subscript(component id: String) -> ComponentSpec? {
        get { components.first { $0.id == id } }
        set {
            let i = components.firstIndex { $0.id == id }
            switch (i, newValue) {
            case (let i?, let c?): components[i] = c
            case (let i?, nil): components.remove(at: i)
            case (nil, let c?): components.append(c)
            case (nil, nil): break
            }
        }
    }

    /// What an app file would be refused for but code can write: component ids empty or used
    /// twice, content ids used twice, placeholders with no value. Empty when the app is good.
    public func problems() -> [Diagnostic] {
        let sink = DiagnosticSink()
        var seen = Set<String>()
        let place = path.isEmpty ? "app '\(name)'" : path
        for c in components {
            if c.id.isEmpty { sink.add(Diagnostic(file: place, line: 0, column: 0, message: "a component's id must not be empty")) }
            if !seen.insert(c.id).inserted {
                sink.add(Diagnostic(file: place, line: 0, column: 0, message: "duplicate component id '\(c.id)'"))
            }
        }
        Self.checkContent(self, sink: sink)
        return sink.items
    }
}
