# syntax=docker/dockerfile:1
#
# The mHBOT Standards Council site: one image, one Fastify process (README, Architecture).
#
#   docker build -t mhbot-council .
#   docker run -p 3000:3000 -e SESSION_SECRET=<32+ characters> -v mhbot-data:/data mhbot-council
#
# With no DATABASE_URL the server keeps an embedded Postgres (PGlite) under DATA_DIR=/data; give it
# a volume. With DATABASE_URL set, nothing is written to /data and any number of replicas can run.
# Migrations (./drizzle) are applied by the server itself at start-up.
#
# KEEP IN STEP with tests/docker/image-steps.sh, which replays this file without a Docker engine
# (Node 24 from the npm registry, same npm commands, same files in the final stage). That script
# reads the `COPY --from=` lines, the final stage's ENV lines, the CMD and the HEALTHCHECK below,
# so keep them in the simple one-line forms used here:
#   COPY --from=<stage> /app/<path> ./<path>      ENV KEY=value [KEY=value ...]
#   CMD ["node", ...]                             HEALTHCHECK ... CMD ["node", "-e", "..."]

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# All dependencies, for the build. Only the manifest and lock file, so this layer is cached
# until they change.
FROM base AS deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci

# Client (vite -> dist/client, precompressed, with .vite/manifest.json) and server
# (vite --ssr -> dist/server/main.js; node_modules stay external, so prod-deps must hold them).
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only, from a clean install (not a prune of the build's tree).
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

# ---------------------------------------------------------------------------------------------
# Runtime: what the built server reads, nothing else. The app files stay owned by root (read-only
# for the process); only /data is writable by the `node` user the server runs as.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data

# package.json is also the marker the server walks up to (src/db/paths.ts findAppRoot), and it
# says "type": "module" for dist/server/*.js.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
# dist/server holds the server (main.js) and the admin:link command (admin-link.js, README).
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
# The embedded database's backup and restore commands (README, Backups): plain Node, PGlite only.
COPY --from=build /app/src/tools/db ./src/tools/db

# The directory must exist with its owner before VOLUME, or the volume is created root-owned.
RUN mkdir -p /data && chown node:node /data
VOLUME /data

USER node
EXPOSE 3000

# No curl in slim images: Node's own fetch. PORT is read inside node, so `-e PORT=...` at run
# time is honoured. PGlite start-up plus migrations take a few seconds: hence the start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The server handles SIGTERM itself (drains, closes the database, exits 0).
STOPSIGNAL SIGTERM
# The V8 flag caps the young generation (decision 022): package.json "serve" is the one place it is
# chosen, and tests/docker/image-steps.sh holds this CMD equal to it.
CMD ["node", "--max-semi-space-size=8", "--no-allocation-site-pretenuring", "dist/server/main.js"]
