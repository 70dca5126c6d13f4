#!/usr/bin/env bash
# Tries the deploy paths as written, from a clean folder, without root and without a container
# engine:
# - systemd: runs the steps of docs/deployment.md ("systemd-steps") line by line into a temporary
#   folder standing for / (useradd and systemctl only recorded), checks the installed unit files
#   with `systemd-analyze verify` where it exists, starts the server with the service's own
#   Environment=, EnvironmentFile= and ExecStart= (on a free port), expects the first owner's
#   one-time link and /healthz, takes a backup with the backup service's ExecStart, stops it;
# - the image: removes the bundled runtime as the Dockerfile's runtime stage does and starts the
#   same install on another Node 24 (standing for the base image's);
# - compose.yaml: `docker compose config` or `docker-compose config` when either is installed,
#   otherwise its structure, read by Node.
# Usage: bash scripts/check-deploy.sh [--reuse-build]   (CHECK_KEEP=1 keeps the folder)
# --reuse-build: the steps' `npm ci` and `npm run build` in the code's copy take this folder's
# node_modules and build instead of installing and building again. PRODUCTION_INSTALL=<folder>:
# the production install scripts/production-smoke.sh left there, from the same lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
reuse=${1:-}
root=$(mktemp -d "${TMPDIR:-/tmp}/shop-deploy-XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "${CHECK_KEEP:-}" = 1 ]; then echo "Kept $root"; else rm -rf "$root"; fi
}
trap cleanup EXIT
fail() {
  echo "deploy check FAILED: $*" >&2
  [ -f "$root/server.log" ] && { echo "--- server output ---" >&2; tail -n 30 "$root/server.log" >&2; }
  exit 1
}
step() { echo "--- $* ($SECONDS s)"; }
# Node 24 for this script's own helpers and the image's stand-in: the install's, or this machine's.
node24="$src/node_modules/.bin/node"
[ -x "$node24" ] || node24=$(command -v node)

step "a clean copy of the code (the files git knows, as a clone has them)"
mkdir -p "$root/code"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
  [ -e "$f" ] && printf '%s\0' "$f"
done | xargs -0 cp --parents -t "$root/code"

step "the systemd steps of docs/deployment.md, into $root"
steps=$(awk '/<!-- systemd-steps/{on=1; next} on && /^```sh/{inblock=1; next} inblock && /^```/{exit} inblock' docs/deployment.md)
[ -n "$steps" ] || fail "docs/deployment.md has no systemd-steps block"
# The paths of the real machine, inside the temporary root.
steps=$(printf '%s\n' "$steps" | sed -E "s#(^|[ (=])/(opt|etc|var)/#\1$root/\2/#g")
mkdir -p "$root/etc/systemd/system" "$root/opt" "$root/var/backups"
(
  cd "$root/code"
  # What a test may not do to this machine: recorded instead.
  useradd() { echo "useradd $*" >>"$root/recorded"; }
  systemctl() { echo "systemctl $*" >>"$root/recorded"; }
  # install -o/-g name the service's user, which exists only on the real server.
  install() {
    local args=()
    while [ $# -gt 0 ]; do
      case $1 in -o | -g) shift 2 ;; *) args+=("$1"); shift ;; esac
    done
    command install "${args[@]}"
  }
  npm() {
    # The production install the smoke test just made with this same command, from the same
    # lockfile (PRODUCTION_INSTALL), instead of a second one: the step's command is what it ran.
    if [ "$PWD" = "$root/opt/amani-shop" ] && [ "$*" = "ci --omit=dev --legacy-peer-deps" ] &&
      [ -d "${PRODUCTION_INSTALL:-}/node_modules" ] &&
      cmp -s "$PRODUCTION_INSTALL/package-lock.json" package-lock.json; then
      echo "(the production install the smoke test made with this command)"
      mv "$PRODUCTION_INSTALL/node_modules" node_modules
      return
    fi
    if [ "$reuse" = --reuse-build ] && [ "$PWD" = "$root/code" ]; then
      case "$*" in
        ci) ln -s "$src/node_modules" node_modules; return ;;
        "run build") cp -R "$src/build" build; return ;;
      esac
    fi
    command npm "$@" --no-audit --no-fund --loglevel=error
  }
  set -e
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    echo "\$ ${line//$root/}"
    eval "$line" || { echo "the step failed: $line" >&2; exit 1; }
  done <<<"$steps"
) || fail "a documented step failed"

app="$root/opt/amani-shop"
units="$root/etc/systemd/system"
[ -f "$app/server.js" ] && [ -x "$app/node_modules/.bin/node" ] || fail "no install in /opt/amani-shop"
[ "$(stat -c %a "$root/etc/amani-shop.env")" = 600 ] || fail "/etc/amani-shop.env is not mode 600"
for unit in amani-shop.service amani-shop-backup.service amani-shop-backup.timer; do
  [ -f "$units/$unit" ] || fail "$unit was not installed"
done
grep -q "systemctl daemon-reload" "$root/recorded" || fail "systemctl was not asked to reload"

# A unit's settings, as systemd reads them.
setting() { sed -n -E "s/^$2=//p" "$units/$1"; }
rebase() { sed -E "s#(^|[ =])/(opt|etc|var)/#\1$root/\2/#g"; }

if command -v systemd-analyze >/dev/null 2>&1; then
  step "systemd-analyze verify (the units as installed, their paths in the temporary root)"
  # verify looks for each ExecStart's program on this machine: the units are checked with their
  # /opt paths pointed into the temporary root; User=amani exists only on the real server.
  mkdir -p "$root/verify"
  for unit in amani-shop.service amani-shop-backup.service amani-shop-backup.timer; do
    rebase <"$units/$unit" | sed -E 's/^(User|Group)=amani$/\1=root/' >"$root/verify/$unit"
  done
  out=$(cd "$root/verify" && systemd-analyze verify --man=no ./amani-shop.service ./amani-shop-backup.service ./amani-shop-backup.timer 2>&1) ||
    { echo "$out"; fail "systemd-analyze verify refused the unit files"; }
  # Lines about this machine's own units (not ours) are not the shop's concern.
  if printf '%s\n' "$out" | grep 'amani-shop'; then
    fail "systemd-analyze verify warned about the shop's units"
  fi
else
  echo "systemd-analyze is not installed here: the unit files are not verified"
fi

step "start the server as amani-shop.service does"
port=$("$node24" -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
workdir=$(setting amani-shop.service WorkingDirectory | rebase)
exec_start=$(setting amani-shop.service ExecStart | rebase)
env_file=$(setting amani-shop.service EnvironmentFile | sed 's/^-//' | rebase)
data_dir=$(setting amani-shop.service Environment | sed -n 's/^DATA_DIR=//p' | rebase)
# The service's Environment= lines, then its EnvironmentFile (which wins, as in systemd), then
# this check's free port and a data folder inside the temporary root.
service_env() {
  setting "$1" Environment | rebase
  grep -E '^[A-Z_]+=' "$env_file" || true
  echo "DATA_DIR=$data_dir"
}
mapfile -t server_env < <(service_env amani-shop.service)
grep -qE '^(DATA_DIR|PORT|HOST)=' "$env_file" && fail "the copied .env.example sets DATA_DIR, PORT or HOST, which would win over the service's"
mkdir -p "$data_dir"
if [ -d .e2e-data/media/products ]; then
  # The suite's drawn sample images: the first start then seeds in seconds.
  mkdir -p "$data_dir/media" && cp -R .e2e-data/media/products "$data_dir/media/"
fi
(cd "$workdir" && exec env -i PATH="$PATH" "${server_env[@]}" PORT="$port" LOG_LEVEL=warn $exec_start) >"$root/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
  kill -0 "$server_pid" 2>/dev/null || fail "the server stopped during start-up"
  grep -q "is open on" "$root/server.log" && break
  sleep 1
done
grep -q "is open on" "$root/server.log" || fail "the server did not open"
grep -qE "^  http://localhost:$port/login/setup/[A-Za-z0-9_-]{32}$" "$root/server.log" ||
  fail "the first start printed no one-time link for the owner"
health=$("$node24" -e 'fetch(process.argv[1]).then(async r=>console.log(r.status, await r.text()),()=>console.log("000"))' "http://127.0.0.1:$port/healthz")
[[ "$health" == 200* ]] || fail "/healthz answered $health"

step "a backup as amani-shop-backup.service takes it"
mapfile -t backup_env < <(service_env amani-shop-backup.service)
backup_start=$(setting amani-shop-backup.service ExecStart | rebase | sed 's#^/usr/bin/npm #npm #')
(cd "$(setting amani-shop-backup.service WorkingDirectory | rebase)" &&
  env -i PATH="$PATH" HOME="$root" "${backup_env[@]}" $backup_start) || fail "the backup service's command failed"
ls "$root"/var/backups/amani-shop/amani-*.tar.gz >/dev/null 2>&1 || fail "no backup in /var/backups/amani-shop"

step "stop it as systemd does (SIGTERM)"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
[ "$status" = 0 ] || fail "the server exited with $status on SIGTERM"

step "the image's runtime stage: the same install without the bundled Node"
before=$(du -sm "$app/node_modules" | cut -f1)
# The Dockerfile's own line (its test keeps it there).
(cd "$app" && rm -rf node_modules/node node_modules/.bin/node)
after=$(du -sm "$app/node_modules" | cut -f1)
echo "node_modules: $before MB with the bundled Node, $after MB without"
[ ! -e "$app/node_modules/node" ] || fail "node_modules/node is still there"
"$node24" -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 22 ? 0 : 1)' ||
  { echo "no Node 24 here to stand for the image's: its start is not tried"; node24=; }
if [ -n "$node24" ]; then
  (cd "$app" && exec env -i PATH="$PATH" "${server_env[@]}" PORT="$port" LOG_LEVEL=warn \
    "$node24" --liftoff-only --max-semi-space-size=16 server.js) >"$root/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    kill -0 "$server_pid" 2>/dev/null || fail "the server without the bundled Node stopped during start-up"
    grep -q "is open on" "$root/server.log" && break
    sleep 1
  done
  grep -q "is open on" "$root/server.log" || fail "the server without the bundled Node did not open"
  kill -TERM "$server_pid"
  wait "$server_pid" || fail "the server without the bundled Node did not stop cleanly"
  server_pid=
fi

step "compose.yaml"
printf 'SHOP_DOMAIN=shop.example.co.ke\nPOSTGRES_PASSWORD=check\nMINIO_ROOT_USER=amani\nMINIO_ROOT_PASSWORD=check-check\n' >"$root/code/.env"
checked=
if docker compose version >/dev/null 2>&1; then
  (cd "$root/code" && docker compose config -q) || fail "docker compose refused compose.yaml"
  echo "docker compose $(docker compose version --short) reads it"
  checked=1
fi
if command -v docker-compose >/dev/null 2>&1; then
  (cd "$root/code" && docker-compose config -q) || fail "docker-compose refused compose.yaml"
  echo "$(docker-compose version --short 2>/dev/null || docker-compose --version) reads it"
  checked=1
fi
if [ -z "$checked" ]; then
  echo "no Compose here: its structure is checked instead"
  "$node24" scripts/check-compose.mjs compose.yaml || fail "compose.yaml"
fi

step "deploy check passed"
