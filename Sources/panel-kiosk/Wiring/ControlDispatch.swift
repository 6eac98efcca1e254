import DrawerRuntime

/// Turns a control-socket command into the same `do <target> <action>` calls a touch script
/// makes, so both paths drive components identically; content commands go to the app's
/// live content.
enum ControlDispatch {
    static func perform(_ command: ControlCommand, on screen: Screen, live: LiveContent, at now: Instant) throws(ActionError) {
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
        case .set(let id, let properties): try live.set(id: id, properties)
        case .insertRows(let id, let at, let rows, let animated):
            try live.insertRows(id: id, at: at, rows: rows, animated: animated, time: now)
        case .removeRows(let id, let at, let count, let animated):
            try live.removeRows(id: id, at: at, count: count, animated: animated, time: now)
        case .updateRow(let id, let at, let change): try live.updateRow(id: id, at: at, change)
        case .setValues(let values): try live.setValues(values)
        case .subscribe, .unsubscribe:
            break   // handled by the socket itself
        case .service:
            break   // answered by the loop (KioskLoop+Service.swift), never dispatched here
        }
    }
}
