# Shared settings for the VM harness (sourced, not run).
# PANEL_KIOSK_VM_CACHE overrides where kernels, modules and the initramfs are kept, so CI can
# keep one cache across jobs. Default: /var/tmp/panel-kiosk-vm-cache, outside the clone, so a
# fresh clone (CI) reuses the kernels and modules an earlier run prepared on the same machine.
# PANEL_KIOSK_VM_KERNEL picks which Debian kernel the guest boots:
#   debian (default)  the one the host's apt sources offer (bookworm: 6.1), as on our devices;
#   backports         the one <codename>-backports offers (bookworm: 6.12), for what only a
#                     newer kernel has (vkms plane rotation since 6.8). Its package lists come
#                     through a private apt configuration in the cache; /etc/apt is untouched.
# PANEL_KIOSK_VM_KVER pins an exact version from either (a version the host's apt does not
# know is looked up in backports).

vm_repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
vm_cache="${PANEL_KIOSK_VM_CACHE:-/var/tmp/panel-kiosk-vm-cache}"

vm_log() { echo "vm: $*" >&2; }
vm_die() { echo "vm: error: $*" >&2; exit 1; }

case "${PANEL_KIOSK_VM_KERNEL:-debian}" in
  debian|backports) vm_kernel=${PANEL_KIOSK_VM_KERNEL:-debian} ;;
  *) vm_die "PANEL_KIOSK_VM_KERNEL=$PANEL_KIOSK_VM_KERNEL: want debian (the default) or backports" ;;
esac

# Backports come through a private apt configuration: its own sources file and lists directory
# in the cache (and no binary package caches), so neither the host's sources nor its package
# lists change, and the host's apt never offers backports packages because of us.
vm_bp_dir="$vm_cache/apt-backports"
vm_bp_mirror="http://deb.debian.org/debian"
# Sets vm_bp_suite (e.g. bookworm-backports) and vm_bp_apt, the options that point apt-get and
# apt-cache at it.
vm_bp_init() {
  vm_bp_suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
  [[ -n "$vm_bp_suite" ]] || vm_die "no VERSION_CODENAME in /etc/os-release: which backports?"
  vm_bp_suite+=-backports
  vm_bp_apt=(-o "Dir::Etc::sourcelist=$vm_bp_dir/sources.list" -o Dir::Etc::sourceparts=-
    -o "Dir::State::Lists=$vm_bp_dir/lists" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=
    -o "APT::Default-Release=$vm_bp_suite" -o APT::Sandbox::User=root)
}
# (Re)fetches the backports package lists (about 1 MB). Needs root and the network.
vm_bp_update() {
  vm_bp_init
  mkdir -p "$vm_bp_dir/lists/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $vm_bp_mirror $vm_bp_suite main" \
    >"$vm_bp_dir/sources.list"
  vm_log "fetching the $vm_bp_suite package lists into $vm_bp_dir"
  apt-get "${vm_bp_apt[@]}" -q update >/dev/null
}
# True when the backports lists have been fetched.
vm_bp_have_lists() { compgen -G "$vm_bp_dir/lists/*_Packages*" >/dev/null; }

# The kernel version to boot: the one linux-image-amd64 depends on (e.g. 6.1.0-56-amd64) in the
# host's apt lists, or in the backports lists with PANEL_KIOSK_VM_KERNEL=backports.
# PANEL_KIOSK_VM_KVER pins another one.
vm_kver() {
  if [[ -n "${PANEL_KIOSK_VM_KVER:-}" ]]; then echo "$PANEL_KIOSK_VM_KVER"; return; fi
  local memo="$vm_cache/kver" lists=/var/lib/apt/lists apt=(apt-cache) dep
  if [[ "$vm_kernel" == backports ]]; then
    vm_bp_init
    memo="$vm_cache/kver-backports" lists="$vm_bp_dir/lists" apt=(apt-cache "${vm_bp_apt[@]}")
  fi
  # apt-cache takes about a second: remember the answer until the apt lists change.
  if [[ -f "$memo" && -z "$(find "$lists" -maxdepth 1 -newer "$memo" -name '*Packages*' 2>/dev/null | head -n1)" ]]; then
    cat "$memo"; return
  fi
  dep=$("${apt[@]}" depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: linux-image-\(.*\)$/\1/p' | head -n1)
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
