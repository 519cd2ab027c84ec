# syntax=docker/dockerfile:1
# The store's image (docs/deploy.md, decision 0092): a build stage that bundles the store as
# `npm start` does, then a runtime with the production dependencies and the bundle only.
# tests/api/production-image.postgres.test.ts reads the runtime stage and takes its steps in a
# clean folder against PostgreSQL, so that this file cannot drift from a store that starts.

FROM node:20-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# The bundle, the migrated PGlite template and the pages' shells, with NODE_ENV=production as
# scripts/build-if-needed.mjs makes them. The typecheck of `npm run build` is CI's to run.
RUN NODE_ENV=production npm run build:bundle

FROM node:20-trixie-slim AS runtime
# pg_dump for the backups made every BACKUP_EVERY_HOURS: Debian 13's client is PostgreSQL
# 17's, the server compose.yaml runs (pg_dump refuses a server newer than itself).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
COPY drizzle ./drizzle
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/pglite-template ./dist/pglite-template
# The store's user owns its data folder (the embedded database, when DATABASE_URL is unset)
# and the backups' folder, not its code.
RUN mkdir -p /data /backups && chown node:node /data /backups
ENV HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
USER node
EXPOSE 5000
# No curl in a slim image: node asks /healthz itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: the SIGTERM of `docker stop` reaches the store, which drains its
# requests and jobs before it exits (compose.yaml gives it 20 s).
CMD ["node", "dist/server/main.js"]
