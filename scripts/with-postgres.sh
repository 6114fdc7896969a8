#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on loopback:
#   scripts/with-postgres.sh npx vitest run --project node platform
# The server (Debian's postgresql package) runs as the `postgres` user in a temporary cluster on a free
# port; LEDGERDESK_TEST_DATABASE_URL points at it; the cluster is stopped and removed afterwards.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/postgres" ] || { echo "PostgreSQL server not found (apt-get install postgresql)"; exit 1; }
run_as=()
if [ "$(id -u)" = 0 ]; then run_as=(runuser -u postgres --); fi
dir=$(mktemp -d /tmp/ledgerdesk-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
"${run_as[@]}" "$bin/initdb" -D "$dir/data" -U ledgerdesk --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
cleanup() { "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
"${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200" start >/dev/null
export LEDGERDESK_TEST_DATABASE_URL="postgres://ledgerdesk@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
"$@"
