import DrawerRuntime

/// Turns a control-socket command into the same `do <target> <action>` calls a touch script
/// makes, so both paths drive components identically.
enum ControlDispatch {
    static func perform(_ command: ControlCommand, on screen: Screen, at now: Instant) throws(ActionError) {
        func call(_ target: String, _ action: String, _ args: [String] = []) throws(ActionError) {
            try screen.perform(target: target, action: action, arguments: args, at: now)
        }
        func instant(_ animated: Bool) -> [String] { animated ? [] : ["instant"] }
        switch command {
        case .setPopupItem(let target, let title, let subtitle, let progress):
            if let title { try call(target, "set_title", [title]) }
            if let subtitle { try call(target, "set_subtitle", [subtitle]) }
            if let progress { try call(target, "set_progress", [String(progress)]) }
        case .presentBar(let target, let animated): try call(target, "present_bar", instant(animated))
        case .dismissBar(let target, let animated): try call(target, "dismiss_bar", instant(animated))
        case .open(let target, let side, let animated):
            try call(target, "open", (side.map { [$0.rawValue] } ?? []) + instant(animated))
        case .close(let target, let animated): try call(target, "close", instant(animated))
        case .push(let target, let page, let animated): try call(target, "push", [page] + instant(animated))
        case .pop(let target, let animated): try call(target, "pop", instant(animated))
        case .setDrawerPosition(let target, let position, let animated):
            try call(target, "set_position", [position.rawValue] + instant(animated))
        case .replaceContent(let target, let page):
            let action = screen.component(target)?.kind == "side_drawer" ? "replace_pane" : "replace_content"
            try call(target, action, [page])
        case .snapSheet(let target, let anchor, let animated): try call(target, "snap", [String(anchor)] + instant(animated))
        case .subscribe, .unsubscribe:
            break   // handled by the socket itself
        }
    }
}
