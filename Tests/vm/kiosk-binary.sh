# Sourced by the Tests/vm/run-* scripts: which panel-kiosk binary the guest runs.
#
# The shipped one (scripts/package's build: plain release, Swift runtime linked in, what a
# device gets) when it is there and not older than the tests' release build; else the tests'
# own. The tests' build has -enable-testing, which keeps internal state reachable from the
# tests, so Swift checks exclusive access at run time in the rasterizer's hot loops and
# inlines less: measured on the bench scene at 800x480, the 40 pins take 0.25 ms instead of
# 0.13 and the full frame 1.04 instead of 0.78 ms. The frame-time and latency figures the VM
# prints are about the binary users run.
# PANEL_KIOSK_VM_BINARY names another binary instead (e.g. a build from before a fix, to see a
# new check fail without it).
vm_kiosk_binary() { # root
  if [[ -n "${PANEL_KIOSK_VM_BINARY:-}" ]]; then echo "$PANEL_KIOSK_VM_BINARY"; return; fi
  local shipped="$1/.build-package/release/panel-kiosk" tests="$1/.build/release/panel-kiosk"
  if [[ -x "$shipped" && ! "$shipped" -ot "$tests" ]]; then echo "$shipped"; else echo "$tests"; fi
}
