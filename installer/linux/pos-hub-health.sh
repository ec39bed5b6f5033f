#!/bin/bash
# pos-hub-health: asks the running hub for /api/health on 127.0.0.1 and restarts the
# service after POS_HEALTH_FAILURES answers missing in a row (installer/linux/README.md
# "Watchdog"). Run every 20 s by pos-hub-health.timer. Bash's /dev/tcp: no curl needed.
#
# Environment (from /etc/default/pos-hub; the tests set them to run it anywhere):
#   POS_HEALTH_PORT          the hub's port (80, as in the unit's ExecStart)
#   POS_HEALTH_FAILURES      misses in a row before a restart (3: a minute)
#   POS_HEALTH_TIMEOUT       seconds one answer may take (5)
#   POS_HEALTH_STATE         file that counts the misses (/run/pos-hub-health/misses)
#   POS_HEALTH_SERVICE       the unit (pos-hub.service)
#   POS_HEALTH_SYSTEMCTL     the systemctl command (systemctl)
set -u
port="${POS_HEALTH_PORT:-80}"
limit="${POS_HEALTH_FAILURES:-3}"
timeout_s="${POS_HEALTH_TIMEOUT:-5}"
state="${POS_HEALTH_STATE:-/run/pos-hub-health/misses}"
service="${POS_HEALTH_SERVICE:-pos-hub.service}"
systemctl_cmd="${POS_HEALTH_SYSTEMCTL:-systemctl}"

# A hub stopped on purpose, or restarted by the updater (which waits for its health
# itself and goes back to the previous release), is not ill: nothing to count.
if ! $systemctl_cmd is-active --quiet "$service" || $systemctl_cmd is-active --quiet pos-hub-update.service; then
  echo 0 >"$state"
  exit 0
fi

# One GET over a TCP socket, in a subshell that `timeout` can end: a hub whose event loop
# hangs accepts the connection (the kernel does) but never answers.
answer="$(timeout "$timeout_s" bash -c '
  exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
  printf "GET /api/health HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" >&3
  cat <&3
' _ "$port" 2>/dev/null)"

misses="$(cat "$state" 2>/dev/null || echo 0)"
case "$misses" in '' | *[!0-9]*) misses=0 ;; esac

# Healthy: the status line is 200 and the body says ok (a hub whose disk went read-only
# still answers, and still sells from memory: restarting it would not help).
ok_field='"ok":[[:space:]]*true'
if [[ "$answer" == "HTTP/1."?" 200"* && "$answer" =~ $ok_field ]]; then
  [ "$misses" != 0 ] && echo "pos-hub answers again after $misses missed health checks"
  echo 0 >"$state"
  exit 0
fi

misses=$((misses + 1))
if [ "$misses" -lt "$limit" ]; then
  echo "pos-hub did not answer /api/health on port $port ($misses of $limit before a restart)"
  echo "$misses" >"$state"
  exit 0
fi
echo "pos-hub did not answer /api/health $misses times in a row: restarting $service"
echo 0 >"$state"
$systemctl_cmd restart "$service"
