#!/bin/bash
# Installs the POS hub on Debian or Raspberry Pi OS as a service (installer/linux/README.md).
# Run once as root from the folder holding this script, the binaries and the unit files:
#
#   sudo ./install.sh                 # the binary for this CPU (pos-hub or pos-hub-arm64), starts it
#   sudo ./install.sh --binary FILE   # another binary
#
# Running it again installs the binary given as a new release (the one before is kept as
# `previous`), refreshes the units, and never touches the data or /etc/default/pos-hub.
# --root DIR installs into DIR instead of / (a scratch root: the tests; nothing is started).
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: install.sh [options]

  --binary FILE      the hub binary to install (default: pos-hub on x86-64, pos-hub-arm64 on arm64, beside this script)
  --arch ARCH        amd64 or arm64, to pick the binary (default: this machine's)
  --hostname NAME    the box's name, so phones open http://NAME.local/ (default: pos)
  --keep-hostname    leave the box's name as it is
  --no-start         install and enable, but do not start now (it starts at the next boot)
  --root DIR         install into DIR instead of / (tests; implies --no-start)
  -h, --help         this text
USAGE
}

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root=/
binary=''
arch=''
hostname_new=pos
start=yes

while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="${2:?--binary needs a file}"; shift 2 ;;
    --arch) arch="${2:?--arch needs amd64 or arm64}"; shift 2 ;;
    --hostname) hostname_new="${2:?--hostname needs a name}"; shift 2 ;;
    --keep-hostname) hostname_new=''; shift ;;
    --no-start) start=no; shift ;;
    --root) root="${2:?--root needs a folder}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done

fail() { echo "install.sh: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run it as root (sudo ./install.sh): it creates a system user and a service"
[ -d "$root" ] || fail "--root $root is not a folder"
root="$(cd "$root" && pwd)"
[ "$root" = / ] || start=no
# $R prefixes every path written: "" on a box, the scratch root in tests.
R="${root%/}"

# A host name must be one DNS label: what phones type before .local.
if [ -n "$hostname_new" ] && ! [[ "$hostname_new" =~ ^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$ ]]; then
  fail "--hostname must be lowercase letters, digits and '-' (like pos or pos-cocina), not \"$hostname_new\""
fi

# The binary for this CPU.
if [ -z "$binary" ]; then
  if [ -z "$arch" ]; then
    arch="$(dpkg --print-architecture 2>/dev/null || uname -m)"
  fi
  case "$arch" in
    amd64 | x86_64) binary="$here/pos-hub" ;;
    arm64 | aarch64) binary="$here/pos-hub-arm64" ;;
    *) fail "no POS hub binary for the CPU \"$arch\" (there are amd64 and arm64: a Raspberry Pi needs the 64-bit Raspberry Pi OS)" ;;
  esac
fi
[ -f "$binary" ] || fail "no binary at $binary (build it with npm run build:binary, or give --binary FILE)"

# Its release, as it says itself (the first start of a wrong-CPU binary fails here, not as a service).
version_line="$("$binary" --version 2>/dev/null)" || fail "$binary does not run on this machine (is it the binary for this CPU?)"
version="$(printf '%s\n' "$version_line" | awk 'NR == 1 && $1 == "pos-hub" { print $2 }')"
[[ "$version" =~ ^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$ ]] || fail "$binary --version printed \"$version_line\", not a POS hub release"
echo "Installing POS hub $version from $binary"

# 1. The system user, and its data folder (0700 poshub:poshub, as the hub keeps it; kept if it exists).
install -d -m 0755 -o root -g root "$R/etc/sysusers.d" "$R/etc/tmpfiles.d"
install -m 0644 -o root -g root "$here/pos-hub.sysusers" "$R/etc/sysusers.d/pos-hub.conf"
install -m 0644 -o root -g root "$here/pos-hub.tmpfiles" "$R/etc/tmpfiles.d/pos-hub.conf"
systemd-sysusers --root="$root" "$R/etc/sysusers.d/pos-hub.conf"
systemd-tmpfiles --root="$root" --create "$R/etc/tmpfiles.d/pos-hub.conf"

# 2. The binary as a release of its own; current -> it, previous -> what was current.
release_dir="$R/opt/pos-hub/releases/$version"
install -d -m 0755 -o root -g root "$R/opt/pos-hub" "$R/opt/pos-hub/releases" "$R/opt/pos-hub/bin"
install -d -m 0755 -o root -g root "$release_dir"
# Copied under a temporary name then renamed: a cut copy never sits where the unit looks.
install -m 0755 -o root -g root "$binary" "$release_dir/.pos-hub.installing"
mv -f "$release_dir/.pos-hub.installing" "$release_dir/pos-hub"
old_target="$(readlink "$R/opt/pos-hub/current" 2>/dev/null || true)"
if [ -n "$old_target" ] && [ "$old_target" != "releases/$version" ]; then
  ln -sfn "$old_target" "$R/opt/pos-hub/.previous.new"
  mv -fT "$R/opt/pos-hub/.previous.new" "$R/opt/pos-hub/previous"
fi
ln -sfn "releases/$version" "$R/opt/pos-hub/.current.new"
mv -fT "$R/opt/pos-hub/.current.new" "$R/opt/pos-hub/current"
install -m 0755 -o root -g root "$here/pos-hub-health.sh" "$R/opt/pos-hub/bin/pos-hub-health"
install -m 0644 -o root -g root "$here/README.md" "$R/opt/pos-hub/README.md"

# 3. The units, the settings file (never overwritten) and the USB stick rule.
install -d -m 0755 -o root -g root "$R/etc/systemd/system" "$R/etc/default" "$R/etc/udev/rules.d"
for unit in pos-hub.service pos-hub-health.service pos-hub-health.timer pos-hub-update.path pos-hub-update.service; do
  install -m 0644 -o root -g root "$here/$unit" "$R/etc/systemd/system/$unit"
done
if [ ! -e "$R/etc/default/pos-hub" ]; then
  install -m 0644 -o root -g root "$here/pos-hub.default" "$R/etc/default/pos-hub"
fi
uid="$(awk -F: '$1 == "poshub" { print $3 }' "$R/etc/passwd")"
gid="$(awk -F: '$1 == "poshub" { print $3 }' "$R/etc/group")"
[[ "$uid" =~ ^[0-9]+$ && "$gid" =~ ^[0-9]+$ ]] || fail "the user poshub was not created"
sed -e "s/@UID@/$uid/g" -e "s/@GID@/$gid/g" "$here/pos-hub-usb-stick.rules" >"$R/etc/udev/rules.d/.90-pos-hub-usb-stick.rules.new"
chmod 0644 "$R/etc/udev/rules.d/.90-pos-hub-usb-stick.rules.new"
mv -f "$R/etc/udev/rules.d/.90-pos-hub-usb-stick.rules.new" "$R/etc/udev/rules.d/90-pos-hub-usb-stick.rules"

# 4. The name phones open: http://pos.local/ (the hub announces <hostname>.local over mDNS).
if [ -n "$hostname_new" ]; then
  if [ "$root" = / ] && command -v hostnamectl >/dev/null && hostnamectl set-hostname "$hostname_new" 2>/dev/null; then
    :
  else
    printf '%s\n' "$hostname_new" >"$R/etc/hostname"
  fi
  # Debian names the box on 127.0.1.1; sudo and others look the name up there.
  touch "$R/etc/hosts"
  if grep -q '^127\.0\.1\.1[[:space:]]' "$R/etc/hosts"; then
    sed -i "s/^127\.0\.1\.1[[:space:]].*/127.0.1.1\t$hostname_new/" "$R/etc/hosts"
  else
    printf '127.0.1.1\t%s\n' "$hostname_new" >>"$R/etc/hosts"
  fi
fi

# 5. Enabled at boot; started now on a running box.
systemctl --root="$root" enable pos-hub.service pos-hub-health.timer pos-hub-update.path >/dev/null
if [ "$start" = yes ] && [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  udevadm control --reload 2>/dev/null || true
  systemctl restart pos-hub.service
  systemctl start pos-hub-health.timer pos-hub-update.path
  echo "POS hub $version is running: journalctl -u pos-hub -f shows what it does."
else
  echo "POS hub $version is installed and starts at the next boot."
fi
name="${hostname_new:-$(cat "$R/etc/hostname" 2>/dev/null || hostname)}"
echo "Staff open http://$name.local/ (or the box's address). A receipt printer plugged in at the first start prints the setup slip with the claim code."
echo "Once the owner has claimed it: set the backup passphrase (backup page; no backup is made and no update taken until then) and enter the licence code (licence page)."
