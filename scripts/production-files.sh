#!/usr/bin/env bash
# Copies what a production install needs into DEST, after `npm run build`: the build, the server,
# the lock file, the migrations the server applies at start-up, and the sources of the operator
# commands (admin:create, backup, restore, import, db:seed run with tsx). The Dockerfile and
# scripts/production-smoke.sh both use it, then run `npm ci --omit=dev` in DEST.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:?usage: scripts/production-files.sh DEST}
[ -f build/server/index.js ] || { echo "No build: run npm run build first." >&2; exit 1; }
mkdir -p "$dest/scripts"
cp -R build server.js package.json package-lock.json tsconfig.json .nvmrc "$dest/"
# The migrations (read at start-up) and the modules the operator commands import.
cp -R app "$dest/"
cp scripts/cli.ts scripts/admin.ts scripts/backup.ts scripts/restore.ts scripts/import.ts \
  scripts/db-seed.ts "$dest/scripts/"
# Tests beside the code are not needed in production.
find "$dest/app" -name '*.test.ts' -delete
