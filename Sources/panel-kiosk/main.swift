print("panel-kiosk")
