# syntax=docker/dockerfile:1
#
# One image for the whole monorepo. The command picks the process:
#   node services/<name>/src/server.ts    catalogue | identity | reviews | search | media | trader-sync | notifications
#   node gateway/src/server.ts            the public front door (default)
#   node web/bin/web.ts                   React Router SSR
#   node scripts/migrate.ts <service>     migrations (init container / compose one-shot)
#
# Node 24 runs the TypeScript sources directly (type stripping): there is no tsc build. Only the
# web app is built (vite/react-router), in the build stage, with the devDependencies it needs.
# The runtime stage gets production dependencies only, ffmpeg (media transcoding) and tini as PID 1.
# The demo data (demo/) is not in the build context (.dockerignore, ADR 021): no image contains it.
#
#   docker build -t brokerwise:local .
#   docker run --rm -p 3000:3000 --env-file .env brokerwise:local               # gateway
#   docker run --rm --env-file .env brokerwise:local node services/reviews/src/server.ts

ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# --- manifests: only what `npm ci` reads, so the dependency layers are rebuilt only when a
# package.json or the lockfile changes, not on every source edit.
FROM base AS manifests
COPY . /src
RUN mkdir -p /out \
 && cd /src \
 && cp package.json package-lock.json .npmrc /out/ \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec cp --parents {} /out/ \;

# --- build: full install (devDependencies included) and the web app's production build.
FROM base AS build
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w web

# --- prod-deps: runtime dependencies only (no vite, vitest, eslint, typescript…). The pinned Node
# build (the optional node-linux-* package, ADR 001) is dropped too: the image has its own Node 24.
FROM base AS prod-deps
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node-linux-* node_modules/.bin/node

# --- runtime
FROM base AS runtime
# ffmpeg/ffprobe for the media service: newer than the npm builds, so preferred (ADR 014); tini reaps children
# (ffmpeg) and forwards SIGTERM so the servers can drain.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    APP_MODE=production \
    HOST=0.0.0.0 \
    DATA_DIR=/tmp/data

# Everything is owned by root and read-only to the process; it runs as the image's `node` user
# (uid 1000). Writable scratch space is /tmp only (an emptyDir on Kubernetes).
COPY --from=prod-deps /app/ ./
COPY . .
COPY --from=build /app/web/build ./web/build

USER node
EXPOSE 3000 3100 3201 3202 3203 3204 3205 3206 3207

LABEL org.opencontainers.image.title="brokerwise" \
      org.opencontainers.image.description="Brokerwise services, gateway and web app (one image, the command picks the process)"

ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "gateway/src/server.ts"]
