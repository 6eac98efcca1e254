# Shared settings for the VM harness (sourced, not run).
# PANEL_KIOSK_VM_CACHE overrides where kernels, modules and the initramfs are kept, so CI can
# keep one cache across jobs. Default: .vm-cache/ in the repository root (gitignored).

vm_repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
vm_cache="${PANEL_KIOSK_VM_CACHE:-$vm_repo_root/.vm-cache}"

vm_log() { echo "vm: $*" >&2; }
vm_die() { echo "vm: error: $*" >&2; exit 1; }

# The kernel version Debian's linux-image-amd64 currently depends on (e.g. 6.1.0-56-amd64).
# PANEL_KIOSK_VM_KVER pins another one.
vm_kver() {
  if [[ -n "${PANEL_KIOSK_VM_KVER:-}" ]]; then echo "$PANEL_KIOSK_VM_KVER"; return; fi
  # apt-cache takes about a second: remember the answer until the apt lists change.
  local memo="$vm_cache/kver" dep
  if [[ -f "$memo" && -z "$(find /var/lib/apt/lists -maxdepth 1 -newer "$memo" -name '*Packages*' 2>/dev/null | head -n1)" ]]; then
    cat "$memo"; return
  fi
  dep=$(apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: linux-image-\(.*\)$/\1/p' | head -n1)
  if [[ -z "$dep" ]]; then
    # No apt lists (offline CI with a restored cache): use the last known answer.
    [[ -f "$memo" ]] && { cat "$memo"; return; }
    return 1
  fi
  mkdir -p "$vm_cache" && echo "$dep" >"$memo"
  echo "$dep"
}

# Where a prepared kernel lives: everything run-in-guest needs.
vm_kernel_dir() { echo "$vm_cache/$1"; }
