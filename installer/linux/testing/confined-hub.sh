#!/bin/bash
# Runs the hub from source the way pos-hub.service confines it, without systemd (the tests'
# machine has none as PID 1): call it under `unshare --mount --net --fork`.
#   - a network of its own (only lo), so port 80 is free and nothing leaves;
#   - every mount read-only but the data folder (ProtectSystem=strict, ReadWritePaths=);
#   - a USB printer at /dev/usb/lp0 (a file on a tmpfs, root:lp 0660, as udev makes it);
#   - the user nobody with the group lp (SupplementaryGroups=lp), no privilege but
#     CAP_NET_BIND_SERVICE (AmbientCapabilities=, CapabilityBoundingSet=, NoNewPrivileges=).
# Prints HEALTH <answer>, SLIP <base64 of what reached the printer>, EXIT <code>, one a line.
# Usage: confined-hub.sh DATA_DIR REPO_DIR NODE [hub options...]
set -eu
data="$1"; repo="$2"; node="$3"; shift 3
lp_gid="$(getent group lp | cut -d: -f3)"

ip link set lo up
mount --make-rprivate /
mkdir -p /dev/usb
mount -t tmpfs -o mode=0755 tmpfs /dev/usb
touch /dev/usb/lp0 && chown "root:$lp_gid" /dev/usb/lp0 && chmod 0660 /dev/usb/lp0
mount --bind "$data" "$data"
# The checkout may sit under a folder only root may enter (mktemp -d makes them 0700): nobody could not
# read the sources nor run the Node inside them. Shown at a path anyone may walk, as /opt/pos-hub is.
src=/run/pos-hub-confined-src
mkdir -p "$src"
mount --bind "$repo" "$src"
case "$node" in "$repo"/*) node="$src/${node#"$repo"/}" ;; esac
while read -r mount_point; do
  case "$mount_point" in /proc | /proc/* | /sys | /sys/* | /dev | /dev/*) continue ;; esac
  [ "$mount_point" = "$data" ] && continue
  mount -o remount,bind,ro "$mount_point" 2>/dev/null || echo "NOTE could not make $mount_point read-only"
done < <(awk '{ print $5 }' /proc/self/mountinfo | sort -u)

# Even root cannot write outside the data folder now (the hub runs as nobody besides).
probe="$(dirname "$data")/.confined-probe-$$"
if touch "$probe" 2>/dev/null; then rm -f "$probe"; echo "WRITABLE $(dirname "$data")"; fi

cd "$src"
setpriv --reuid=nobody --regid=nogroup --groups="$lp_gid" \
  --inh-caps=-all,+net_bind_service --ambient-caps=-all,+net_bind_service \
  --bounding-set=-all,+net_bind_service --no-new-privs \
  -- "$node" "$@" --data "$data" --port 80 --no-mdns &
hub=$!

answer=''
for _ in $(seq 1 600); do
  if exec 3<>/dev/tcp/127.0.0.1/80; then
    printf 'GET /api/health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    answer="$(cat <&3 | tail -n 1)"
    exec 3>&-
    break
  fi 2>/dev/null
  kill -0 "$hub" 2>/dev/null || break
  sleep 0.1
done
echo "HEALTH $answer"
# The setup slip is a durable job: it reaches the printer shortly after the start.
for _ in $(seq 1 300); do
  [ -s /dev/usb/lp0 ] && break
  sleep 0.1
done
echo "SLIP $(base64 -w0 /dev/usb/lp0)"
echo "WHOAMI $(ps -o user=,group= -p "$hub")"
kill -TERM "$hub"
code=0
wait "$hub" || code=$?
echo "EXIT $code"
