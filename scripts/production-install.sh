#!/usr/bin/env bash
# The production install, one script for the Dockerfile and for CI:
#
#   scripts/production-install.sh build   in this checkout: npm ci, npm run build, npm prune
#                                         --omit=dev (what the Dockerfile's build stage runs)
#   scripts/production-install.sh check   the same in a clean clone of HEAD, then npm start with
#                                         NODE_ENV=production and no devDependency installed, and
#                                         waits for /api/health to answer 200 (npm test runs this);
#                                         with TEST_DATABASE_URL, then starts prd on an empty
#                                         PostgreSQL database: the first manager from the admin
#                                         command line, a sign-up that joins no account
set -euo pipefail

build() {
  npm ci --prefer-offline --no-audit --no-fund --loglevel=error
  npm run build
  npm prune --omit=dev --no-audit --no-fund --loglevel=error
}

check() {
  # Globals, not locals: the EXIT trap reads them after this function returns.
  pid=""
  prdDatabase=""
  checkout="$(cd "$(dirname "$0")/.." && pwd)"
  work="$(mktemp -d "${TMPDIR:-/tmp}/portal-production-XXXXXX")"
  # npm start runs node as its child: the whole process group it leads is stopped at the end.
  trap 'stop_server; drop_prd_database; rm -rf "$work"' EXIT
  started=$SECONDS

  echo "production install: clean clone of $(git -C "$checkout" rev-parse --short HEAD) into $work"
  git clone --quiet --no-local "$checkout" "$work/portal"
  cd "$work/portal"
  # The build's long listing goes to a file, shown only when it fails.
  if ! build >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "✗ production install: npm ci, build or prune failed (above)" >&2
    exit 1
  fi
  echo "production install: installed and built in $((SECONDS - started)) s"

  # (typescript, vite and vite's own optional peers such as tsx stay: i18next names typescript,
  # and the API reference's head manager (@unhead/vue) vite, as an optional peer, so npm keeps
  # them; nothing runs them.)
  for devOnly in vitest eslint @playwright/test @vitejs/plugin-react vite-plugin-pwa; do
    if [ -e "node_modules/$devOnly" ]; then
      echo "✗ devDependency $devOnly is still installed after npm prune --omit=dev" >&2
      exit 1
    fi
  done

  port="${PRODUCTION_CHECK_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
  log="$work/start.log"
  # A production start (NODE_ENV=production) in rec: prd would also want PostgreSQL, SMTP and
  # https, which this check does not bring up.
  NODE_ENV=production APP_ENV=rec HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" \
    LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
  pid=$!
  wait_healthy 120 "npm start" ""
  if grep -q 'building' "$log"; then
    fail_with_log "✗ npm start built with NODE_ENV=production:"
  fi
  echo "✓ production install: npm start answered /api/health 200 on port $port, without devDependencies ($((SECONDS - started)) s in all)"
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    stop_server
    check_prd_on_empty_postgres
  fi
}

# Waits up to $1 seconds for the server started as $pid to answer /api/health with 200; $2 names
# the start in the messages, $3 prefixes the timeout's message.
wait_healthy() {
  local status=0
  for _ in $(seq 1 "$1"); do
    if ! kill -0 "$pid" 2>/dev/null; then
      fail_with_log "✗ $2 exited before it was healthy:"
    fi
    status="$(node -e "fetch('http://127.0.0.1:$port/api/health').then((r)=>console.log(r.status),()=>console.log(0))")"
    [ "$status" = 200 ] && return
    sleep 1
  done
  fail_with_log "✗ $3/api/health did not answer 200 within $1 s:"
}

# Says what failed, then the server's log, and stops the check.
fail_with_log() {
  echo "$1" >&2
  cat "$log" >&2
  exit 1
}

stop_server() {
  if [ -n "${pid:-}" ]; then
    kill -TERM -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=""
  fi
}

# Runs SQL on the server of TEST_DATABASE_URL (its maintenance database), with the pg package the
# production install keeps.
admin_sql() {
  node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end(),(e)=>{console.error(e.message);process.exit(1)})" "$TEST_DATABASE_URL" "$1"
}

drop_prd_database() {
  if [ -n "${prdDatabase:-}" ]; then
    admin_sql "drop database if exists \"$prdDatabase\" with (force)" >/dev/null 2>&1 || true
    prdDatabase=""
  fi
}

# A provider's first start: an empty PostgreSQL, the first manager from the command line (which
# migrates the empty database), then prd itself, where a sign-up joins no account.
check_prd_on_empty_postgres() {
  prdDatabase="portal_prd_check_$$"
  admin_sql "create database \"$prdDatabase\""
  local url
  url="$(node -e "const u=new URL(process.argv[1]);u.pathname='/'+process.argv[2];console.log(u.toString())" "$TEST_DATABASE_URL" "$prdDatabase")"
  local said
  said="$(NODE_ENV=production DATABASE_URL="$url" node apps/server/dist/admin.js add-staff boss@provider.example --role manager)"
  if [[ "$said" != "boss@provider.example created as manager."* ]]; then
    echo "✗ admin add-staff on an empty PostgreSQL said: $said" >&2
    exit 1
  fi
  local origin="https://portal.example"
  log="$work/start-prd.log"
  # No mail server listens on port 9: mails wait in the outbox, which is all this check needs.
  NODE_ENV=production APP_ENV=prd HOST=127.0.0.1 PORT="$port" DATABASE_URL="$url" \
    PUBLIC_URL="$origin" SMTP_URL="smtp://127.0.0.1:9" LOG_LEVEL=warn \
    SECRETS_KEY="$(node -e "console.log(require('node:crypto').randomBytes(32).toString('base64'))")" \
    setsid npm start >"$log" 2>&1 &
  pid=$!
  wait_healthy 60 "npm start in prd" "prd: "
  local status
  status="$(node -e "fetch('http://127.0.0.1:$port/api/users/signup',{method:'POST',headers:{'content-type':'application/json',origin:process.argv[1]},body:JSON.stringify({email:'newcomer@customer.example'})}).then((r)=>console.log(r.status),()=>console.log(0))" "$origin")"
  if [ "$status" != 202 ]; then
    fail_with_log "✗ prd: a sign-up answered $status, not 202:"
  fi
  local users
  users="$(NODE_ENV=production DATABASE_URL="$url" node apps/server/dist/admin.js list-users)"
  if ! grep -q $'^boss@provider.example\t.*\tmanager\t' <<<"$users" ||
    ! grep -q $'^newcomer@customer.example\t-\tviewer\t' <<<"$users"; then
    echo "✗ prd: the users are not the first manager and a newcomer of no account:" >&2
    echo "$users" >&2
    exit 1
  fi
  echo "✓ production install in prd on an empty PostgreSQL: the first manager from the command line, health 200, a sign-up of no account"
}

case "${1:-}" in
  build) build ;;
  check) check ;;
  *)
    echo "usage: $0 build|check" >&2
    exit 2
    ;;
esac
