#!/usr/bin/env bash
# Start the local services the test suite talks to, if they are down.
set -uo pipefail

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

wait_for() {  # wait_for NAME CHECK: up to 30 s
  for _ in $(seq 60); do "$2" && return 0; sleep 0.5; done
  echo "$1 did not come up" >&2; return 1
}

if ! pg_up; then
  echo "Starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  wait_for PostgreSQL pg_up || exit 1
fi
if ! redis_up; then
  echo "Starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  wait_for Redis redis_up || exit 1
fi
