#!/bin/bash
# Removes the POS hub service and binaries (installer/linux/README.md "Uninstall").
# KEEPS the data (/var/lib/pos-hub: a year of sales and fiscal documents), the user
# poshub that owns it, and /etc/default/pos-hub: installing again picks everything up.
# Only --purge-data removes the data, and only with --yes-i-have-a-backup as well.
set -euo pipefail

root=/
purge=no
sure=no
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root="${2:?--root needs a folder}"; shift 2 ;;
    --purge-data) purge=yes; shift ;;
    --yes-i-have-a-backup) sure=yes; shift ;;
    -h | --help)
      echo "Usage: uninstall.sh [--root DIR] [--purge-data --yes-i-have-a-backup]"
      exit 0 ;;
    *) echo "uninstall.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
fail() { echo "uninstall.sh: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run it as root (sudo ./uninstall.sh)"
[ -d "$root" ] || fail "--root $root is not a folder"
root="$(cd "$root" && pwd)"
R="${root%/}"
if [ "$purge" = yes ] && [ "$sure" != yes ]; then
  fail "--purge-data deletes every sale and fiscal document of this restaurant; add --yes-i-have-a-backup if you mean it"
fi

units=(pos-hub.service pos-hub-health.timer pos-hub-health.service pos-hub-update.path pos-hub-update.service)
if [ "$root" = / ] && [ -d /run/systemd/system ]; then
  # The hub writes its final snapshot on this stop.
  systemctl stop pos-hub-health.timer pos-hub-update.path pos-hub.service 2>/dev/null || true
fi
systemctl --root="$root" disable pos-hub.service pos-hub-health.timer pos-hub-update.path >/dev/null 2>&1 || true
for unit in "${units[@]}"; do rm -f "$R/etc/systemd/system/$unit"; done
rm -f "$R/etc/udev/rules.d/90-pos-hub-usb-stick.rules" "$R/etc/tmpfiles.d/pos-hub.conf"
rm -rf "$R/opt/pos-hub"
if [ "$root" = / ] && [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  udevadm control --reload 2>/dev/null || true
fi

if [ "$purge" = yes ]; then
  rm -rf "$R/var/lib/pos-hub"
  echo "POS hub removed, with its data."
else
  echo "POS hub removed. Its data stays in /var/lib/pos-hub (user poshub); install.sh again picks it up."
fi
