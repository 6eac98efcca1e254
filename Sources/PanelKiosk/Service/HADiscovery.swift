import DrawerRuntime

/// Home Assistant MQTT discovery for one kiosk: retained `<discovery>/<component>/<node>/<object>/config`
/// messages that make the kiosk a device in Home Assistant (docs/deploy.md, "Home Assistant"):
///
/// - `light` (JSON schema): the screen on/off (wake/blank) with brightness in percent;
/// - `select` per component: a bottom drawer's position, a sheet's anchor, a popup's state,
///   a side drawer open or closed;
/// - `button`: reload; `binary_sensor`: a problem (the health verdict); `sensor`s: uptime,
///   memory, frames, missed vblanks;
/// - `image`: the screenshot topic (PNG bytes; `{"cmd":"screenshot"}` on `cmd` refreshes it).
///
/// Every entity is available while `<base>/availability` is `online`.
struct HADiscovery {
    /// What discovery needs to know of a component.
    struct ComponentInfo: Equatable, Sendable {
        var id: String
        var kind: ComponentKind
        /// A sheet's anchor count.
        var anchors: Int = 0
        /// A side drawer's sides, in the order `left, right, top, bottom`.
        var sides: [String] = []
    }

    /// A select entity's options and how each maps to a command.
    struct Select: Equatable, Sendable {
        var options: [String]
        /// Jinja template picking the option from `<base>/state`.
        var valueTemplate: String
    }

    let config: MQTTConfig
    let appName: String
    let version: String
    let components: [ComponentInfo]

    var node: String { "panel-kiosk_\(config.deviceID)" }
    var base: String { config.baseTopic }
    var stateTopic: String { "\(base)/state" }
    var lightStateTopic: String { "\(base)/light/state" }
    var lightCommandTopic: String { "\(base)/light/set" }
    func selectCommandTopic(_ id: String) -> String { "\(base)/select/\(id)/set" }

    /// The select for a component kind (nil: a kind with nothing to choose, swipe_dismiss).
    static func select(for c: ComponentInfo) -> Select? {
        let path = "value_json.components['\(c.id)']"
        switch c.kind {
        case .bottomDrawer:
            return Select(options: ControlCommand.DrawerPosition.allCases.map(\.rawValue), valueTemplate: "{{ \(path).position }}")
        case .sheet:
            return Select(options: (0..<max(1, c.anchors)).map(String.init), valueTemplate: "{{ \(path).anchor_index | int }}")
        case .popup:
            return Select(options: PopupState.allCases.map(\.rawValue), valueTemplate: "{{ \(path).state }}")
        case .sideDrawer:
            // Drawers on two sides: the option says which ("open left"); one side: "open".
            guard c.sides.count > 1 else {
                return Select(options: ["closed", "open"], valueTemplate: "{{ 'closed' if \(path).pane_state == 'closed' else 'open' }}")
            }
            return Select(options: ["closed"] + c.sides.map { "open \($0)" },
                          valueTemplate: "{{ 'closed' if \(path).pane_state == 'closed' else 'open ' ~ \(path).direction }}")
        case .swipeDismiss:
            return nil
        }
    }

    /// The command a select's option means for a component (nil: not an option).
    static func command(for c: ComponentInfo, option: String, currentPopupState: String?) -> ControlCommand? {
        switch c.kind {
        case .bottomDrawer:
            return ControlCommand.DrawerPosition(rawValue: option).map { .setDrawerPosition(target: c.id, position: $0, animated: true) }
        case .sheet:
            guard let i = Int(option), i >= 0, i < max(1, c.anchors) else { return nil }
            return .snapSheet(target: c.id, anchor: i, animated: true)
        case .popup:
            switch PopupState(rawValue: option) {
            case .hidden?: return .dismissBar(target: c.id, animated: true)
            case .barPresented?: return currentPopupState == "open" ? .close(target: c.id, animated: true) : .presentBar(target: c.id, animated: true)
            case .open?: return .open(target: c.id, side: nil, animated: true)
            case nil: return nil
            }
        case .sideDrawer:
            switch option {
            case "closed": return .close(target: c.id, animated: true)
            case "open" where c.sides.count == 1:
                return .open(target: c.id, side: ControlCommand.Side(rawValue: c.sides[0]), animated: true)
            default:
                guard option.hasPrefix("open "), c.sides.count > 1, c.sides.contains(String(option.dropFirst(5))),
                      let side = ControlCommand.Side(rawValue: String(option.dropFirst(5))) else { return nil }
                return .open(target: c.id, side: side, animated: true)
            }
        case .swipeDismiss:
            return nil
        }
    }

    private var device: JSONValue {
        .object([("identifiers", .array([.string(node)])), ("name", .string("\(appName) (\(config.deviceID))")),
                 ("manufacturer", .string("panel-kiosk")), ("model", .string("panel-kiosk")), ("sw_version", .string(version))])
    }

    private func entity(_ name: String, _ object: String, _ fields: [(String, JSONValue)]) -> JSONValue {
        .object([("name", .string(name)), ("unique_id", .string("\(node)_\(object)")), ("object_id", .string("\(node)_\(object)")),
                 ("availability_topic", .string("\(base)/availability")),
                 ("payload_available", .string("online")), ("payload_not_available", .string("offline")),
                 ("device", device)] + fields)
    }

    private func topic(_ component: String, _ object: String) -> String {
        "\(config.discoveryPrefix)/\(component)/\(node)/\(object)/config"
    }

    /// Every discovery message: topic and JSON payload (retained).
    var messages: [(topic: String, payload: JSONValue)] {
        var out: [(String, JSONValue)] = []
        out.append((topic("light", "screen"), entity("Screen", "screen", [
            ("schema", .string("json")), ("command_topic", .string(lightCommandTopic)), ("state_topic", .string(lightStateTopic)),
            ("supported_color_modes", .array([.string("brightness")])), ("brightness", .bool(true)),
            ("brightness_scale", .number(100)),
        ])))
        for c in components {
            guard let s = Self.select(for: c) else { continue }
            out.append((topic("select", c.id), entity(c.id, c.id, [
                ("command_topic", .string(selectCommandTopic(c.id))), ("state_topic", .string(stateTopic)),
                ("value_template", .string(s.valueTemplate)), ("options", .array(s.options.map(JSONValue.string))),
            ])))
        }
        out.append((topic("button", "reload"), entity("Reload", "reload", [
            ("command_topic", .string("\(base)/cmd")), ("payload_press", .string(#"{"cmd":"reload"}"#)),
        ])))
        out.append((topic("binary_sensor", "problem"), entity("Problem", "problem", [
            ("state_topic", .string(stateTopic)), ("device_class", .string("problem")),
            ("value_template", .string("{{ 'OFF' if value_json.healthy else 'ON' }}")),
            ("json_attributes_topic", .string(stateTopic)), ("json_attributes_template", .string("{{ {'problem': value_json.problem} | tojson }}")),
        ])))
        let sensors: [(String, String, String, [(String, JSONValue)])] = [
            ("Uptime", "uptime", "{{ value_json.uptime_s | round(0) }}", [("unit_of_measurement", .string("s")), ("device_class", .string("duration"))]),
            ("Memory", "memory", "{{ value_json.memory_rss_kb }}", [("unit_of_measurement", .string("kB")), ("state_class", .string("measurement"))]),
            ("Frames", "frames", "{{ value_json.frames }}", [("state_class", .string("total_increasing"))]),
            ("Missed vblanks", "missed_vblanks", "{{ value_json.missed_vblanks }}", [("state_class", .string("total_increasing"))]),
        ]
        for (name, object, template, extra) in sensors {
            out.append((topic("sensor", object), entity(name, object, [
                ("state_topic", .string(stateTopic)), ("value_template", .string(template)), ("entity_category", .string("diagnostic")),
            ] + extra)))
        }
        out.append((topic("image", "screenshot"), entity("Screenshot", "screenshot", [
            ("image_topic", .string("\(base)/screenshot")), ("content_type", .string("image/png")),
        ])))
        return out
    }
}

extension HADiscovery.ComponentInfo {
    /// What discovery needs of a running component.
    init(component c: Component) {
        self.init(id: c.id, kind: c.kind, anchors: (c as? Sheet)?.config.anchors.count ?? 0,
                  sides: (c as? SideDrawer)?.sides.map(\.rawValue) ?? [])
    }
}
