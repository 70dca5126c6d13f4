#!/usr/bin/env bash
# Proves a production install works, with the Dockerfile's own steps: build, copy the production
# files into a fresh folder, install production dependencies only, start the server with
# NODE_ENV=production on a fresh data folder, then check /healthz, a page and an image, take a
# backup while it runs, stop it, restore the backup elsewhere and create an admin there. A package
# the server or those commands need that is missing from `dependencies` fails it.
# Usage: bash scripts/production-smoke.sh [--reuse-build]   (SMOKE_KEEP=1 keeps the folder for a look)
# --reuse-build takes the build just made (as `npm test` does after its build stage) instead of
# building again. PRODUCTION_INSTALL=<folder> leaves the production install there for
# scripts/check-deploy.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/shop-smoke-XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "${SMOKE_KEEP:-}" = 1 ]; then echo "Kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() {
  echo "production smoke test FAILED: $*" >&2
  [ -f "$work/server.log" ] && { echo "--- server output ---" >&2; tail -n 40 "$work/server.log" >&2; }
  exit 1
}
step() { echo "--- $* ($SECONDS s)"; }

if [ "${1:-}" = --reuse-build ] && [ -f build/server/index.js ]; then
  step "reuse the build"
else
  step "build"
  npm run --silent build >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "the build failed"; }
fi

step "copy the production files"
bash scripts/production-files.sh "$work/app"

step "install production dependencies only"
# The same command as the Dockerfile's (see there why --legacy-peer-deps).
(cd "$work/app" && npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund --loglevel=error)
[ ! -e "$work/app/node_modules/vite" ] || fail "a development package (vite) was installed"
node="$work/app/node_modules/.bin/node"

# A free port, as the operating system picks it.
port=$("$node" -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base="http://127.0.0.1:$port"
export NODE_ENV=production LOG_LEVEL=warn DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 \
  PUBLIC_URL="$base" DATABASE_URL= S3_BUCKET=

# The sample products' images the test suite drew (.e2e-data/media/products), when there: the
# first start then seeds in seconds instead of drawing them again. It still draws the brand's
# images with sharp; without the suite's images it draws everything, as a real first start does.
if [ -d .e2e-data/media/products ]; then
  mkdir -p "$work/data/media" && cp -R .e2e-data/media/products "$work/data/media/"
fi

step "start the server (the first start adds the sample catalogue)"
(cd "$work/app" && exec "$node" --liftoff-only --max-semi-space-size=16 server.js) >"$work/server.log" 2>&1 &
server_pid=$!

# GET url -> prints "status content-type" (e.g. "200 application/json; charset=utf-8") and
# writes the body to $work/body.
get() {
  "$node" -e '
    fetch(process.argv[1]).then(async (r) => {
      require("fs").writeFileSync(process.argv[2], Buffer.from(await r.arrayBuffer()));
      console.log(r.status, r.headers.get("content-type"));
    }, () => console.log("000 none"));' "$1" "$work/body"
}

for _ in $(seq 1 300); do
  kill -0 "$server_pid" 2>/dev/null || fail "the server stopped during start-up"
  [[ "$(get "$base/healthz/live")" == "200 application/json"* ]] && break
  sleep 1
done
[[ "$(get "$base/healthz/live")" == "200 application/json"* ]] || fail "/healthz/live did not answer"

step "check /healthz, the home page and an image"
[[ "$(get "$base/healthz")" == "200 application/json"* ]] || fail "/healthz: $(cat "$work/body")"
grep -q '"database":"ok","storage":"ok"' "$work/body" || fail "/healthz: $(cat "$work/body")"
[[ "$(get "$base/")" == "200 text/html"* ]] || fail "the home page did not answer 200"
grep -q 'data-testid="product-card"' "$work/body" || fail "the home page shows no products"
image=$(grep -o '/media/products/[^" ]*-320\.webp' "$work/body" | head -n 1)
[ -n "$image" ] || fail "the home page shows no product image"
[ "$(get "$base$image")" = "200 image/webp" ] || fail "$image did not answer as an image"

step "back up while the server runs"
(cd "$work/app" && npm run --silent backup -- "$work/backups/") || fail "npm run backup failed"
backup=$(ls "$work"/backups/amani-*.tar.gz)

step "stop the server"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
[ "$status" = 0 ] || fail "the server exited with $status on SIGTERM"

step "restore into a fresh folder and create an admin there"
(cd "$work/app" && DATA_DIR="$work/restored" npm run --silent restore -- "$backup") ||
  fail "npm run restore failed"
# With the port only in the install's .env, as `npm start` reads it: the login address it prints
# follows it.
printf 'PORT=4321\n' >"$work/app/.env"
created=$(cd "$work/app" && env -u PUBLIC_URL -u PORT DATA_DIR="$work/restored" npm run --silent \
  admin:create -- --email owner@example.com --password smoke-test-password) ||
  fail "npm run admin:create failed"
rm "$work/app/.env"
[ "$created" = "Owner owner@example.com created. Log in at http://localhost:4321/login" ] ||
  fail "admin:create printed: $created"

# The deploy check after it (npm test's step) installs the same production files with the same
# command: PRODUCTION_INSTALL, when set, hands it this install instead of making it again.
if [ -n "${PRODUCTION_INSTALL:-}" ]; then
  rm -rf "$PRODUCTION_INSTALL" && mkdir -p "$PRODUCTION_INSTALL"
  mv "$work/app/node_modules" "$work/app/package-lock.json" "$PRODUCTION_INSTALL/"
fi

step "production smoke test passed"
