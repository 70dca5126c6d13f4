# syntax=docker/dockerfile:1
# The shop as a container: built in one stage, run from production dependencies only in the next,
# as a non-root user, with its data on a volume. scripts/production-smoke.sh and
# scripts/check-deploy.sh run the same steps without a container engine, in CI.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && bash scripts/production-files.sh /app

FROM node:24-bookworm-slim
# pg_dump/pg_restore for `npm run backup` on PostgreSQL (Debian 12's client is 15: keep the
# server on 15, or install a newer client from PostgreSQL's own apt repository).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app ./
# --legacy-peer-deps: npm would otherwise install the optional peer dependencies of better-auth
# and React Router (vitest, vite, drizzle-kit, typescript) into a production install.
# The `node` package brings Node 24 to a plain server whose own Node is older; this image is Node
# 24 already, so its second runtime (about 190 MB) goes, and npm's scripts find the image's.
RUN npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund --loglevel=error \
  && rm -rf node_modules/node node_modules/.bin/node \
  && npm cache clean --force \
  && mkdir -p /data /backups && chown node:node /data /backups
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness, not readiness: restarting cures a stuck process, not a full disk or a database that
# is down (those make /healthz answer 503, for the uptime check and the proxy to act on).
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself as PID 1 (not npm), so SIGTERM reaches the server and it closes the database. The
# flags keep its memory small (docs/benchmarks.md, "Memory"): the same as `npm run serve`.
CMD ["node", "--liftoff-only", "--max-semi-space-size=16", "server.js"]
