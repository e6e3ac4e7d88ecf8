#!/usr/bin/env bash
# The server's API tests through PgBouncer in transaction mode (issue 31, point 11; ADR 0036,
# docs/operations.md#pgbouncer). Starts a throwaway pgbouncer (Debian's package, 1.18+) in
# front of the local PostgreSQL, then runs vitest's server project with DATABASE_URL at the
# pooler and DATABASE_DIRECT_URL at PostgreSQL (LISTEN, the migrations' lock, and the tests'
# own CREATE/DROP DATABASE go there).
#
#   scripts/pgbouncer-suite.sh                 # the representative subset below
#   scripts/pgbouncer-suite.sh <test files...>  # these files instead
#
# PG_DIRECT (default postgres://postgres@127.0.0.1:5432/postgres): the database server; its
# user needs no password here (pgbouncer's auth_type=trust, local tests only).
# PGBOUNCER_PORT (default 6439).
set -euo pipefail

cd "$(dirname "$0")/.."
direct="${PG_DIRECT:-postgres://postgres@127.0.0.1:5432/postgres}"
port="${PGBOUNCER_PORT:-6439}"
pg_host="$(node -e 'console.log(new URL(process.argv[1]).hostname)' "$direct")"
pg_port="$(node -e 'console.log(new URL(process.argv[1]).port || 5432)' "$direct")"
pg_user="$(node -e 'console.log(new URL(process.argv[1]).username || "postgres")' "$direct")"

command -v pgbouncer >/dev/null || { echo "pgbouncer not found (apt-get install pgbouncer)" >&2; exit 2; }

dir="$(mktemp -d /tmp/fitbase-pgbouncer.XXXXXX)"
chmod 755 "$dir"
cat >"$dir/pgbouncer.ini" <<EOF
[databases]
; Every database name to the same server: the tests make one database per file.
* = host=$pg_host port=$pg_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 10
; node-postgres sends none of the others; the app's own startup options are off in this mode.
ignore_startup_parameters = extra_float_digits
server_reset_query =
admin_users = $pg_user
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
printf '"%s" ""\n' "$pg_user" >"$dir/userlist.txt"

# pgbouncer refuses to run as root: as the unprivileged user then.
run_as=()
if [ "$(id -u)" = 0 ]; then
  chown -R nobody "$dir"
  run_as=(-u nobody)
fi
pgbouncer -d "${run_as[@]}" "$dir/pgbouncer.ini"
cleanup() {
  if [ -f "$dir/pgbouncer.pid" ]; then kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true; fi
  sleep 0.2
  rm -rf "$dir"
}
trap cleanup EXIT

# Until it accepts (a second at most, usually at once).
for _ in $(seq 1 50); do
  if node -e "require('net').connect($port,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"; then break; fi
  sleep 0.1
done

pooled="postgres://$pg_user@127.0.0.1:$port/postgres"
echo "pgbouncer $(pgbouncer --version | head -1 | cut -d' ' -f2) (transaction mode) on 127.0.0.1:$port -> $pg_host:$pg_port"

if [ "$#" -gt 0 ]; then
  files=("$@")
else
  # The files that exercise what a transaction pooler changes: the request paths' openings
  # (staff, member portal, API keys, kiosk), read-only GETs, row-level security, named
  # statements (bookings, members, memberships), the job queue's statements and schedules,
  # LISTEN (realtime, webhooks), the generated access test over every route, several processes.
  files=(
    apps/server/src/context/access.test.ts
    apps/server/src/context/studio-read.test.ts
    apps/server/src/context/statements-in-one-message.test.ts
    apps/server/src/db/pool-mode.test.ts
    apps/server/src/context/row-level-security.test.ts
    apps/server/src/context/kiosk-access.test.ts
    apps/server/src/context/week-view-cache.test.ts
    apps/server/src/modules/members/members.test.ts
    apps/server/src/modules/bookings/bookings.test.ts
    apps/server/src/modules/memberships/memberships.test.ts
    apps/server/src/modules/portal/portal.test.ts
    apps/server/src/modules/api-keys/api-keys.test.ts
    apps/server/src/modules/realtime/realtime.test.ts
    apps/server/src/modules/webhooks/webhooks.test.ts
    apps/server/src/modules/account/account.test.ts
    apps/server/src/jobs/job-queue.test.ts
    apps/server/src/http/several-processes.test.ts
  )
fi

status=0
DATABASE_URL="$pooled" DATABASE_DIRECT_URL="$direct" \
  npx vitest run --project server "${files[@]}" || status=$?
echo "pgbouncer's pools at the end:"
psql -h 127.0.0.1 -p "$port" -U "$pg_user" pgbouncer -c 'show pools' 2>/dev/null | head -5 || true
exit "$status"
