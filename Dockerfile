# The Dojo Console image: the `dojo-console` CLI (apps/server) and the built web UI.
#
#   docker build -t dojo-console:0.1.0 .
#   docker run --rm -p 127.0.0.1:8080:8080 -v dojo-console-data:/data dojo-console:0.1.0
#
# Runs as uid 10001 on a read-only root filesystem: state goes to /data (a volume), tsx's
# compile cache to /tmp (mount a tmpfs or an emptyDir there when the root is read-only).
# `docker compose up` (docker-compose.yml) runs it against k3s; deploy/ runs it in a cluster.

# Node 20, pinned; package.json's engines field says which versions the code supports.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source where no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The manifests alone first, so that the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/activity/package.json packages/activity/
COPY packages/apiserver/package.json packages/apiserver/
COPY packages/cluster-sim/package.json packages/cluster-sim/
COPY packages/client-controls/package.json packages/client-controls/
COPY packages/console-live/package.json packages/console-live/
COPY packages/console-protocol/package.json packages/console-protocol/
COPY packages/discord/package.json packages/discord/
COPY packages/envtest/package.json packages/envtest/
COPY packages/explain/package.json packages/explain/
COPY packages/history/package.json packages/history/
COPY packages/http-edge/package.json packages/http-edge/
COPY packages/kube-api/package.json packages/kube-api/
COPY packages/live-feeds/package.json packages/live-feeds/
COPY packages/operator/package.json packages/operator/
COPY packages/otlp-export/package.json packages/otlp-export/
COPY packages/recording/package.json packages/recording/
COPY packages/runtime/package.json packages/runtime/
COPY packages/simulator-kit/package.json packages/simulator-kit/
COPY packages/telemetry-sources/package.json packages/telemetry-sources/
COPY packages/toolchains/package.json packages/toolchains/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# Build the UI, then drop the devDependencies. tsx runs the server and is a devDependency
# today, so it (and esbuild) is set aside before the prune and put back after it.
RUN npm run build \
 && node --import tsx deploy/image/keep-packages.ts /tmp/keep tsx \
 && npm prune --omit=dev --no-audit --no-fund \
 && cp -a /tmp/keep/node_modules/. node_modules/ \
 && rm -rf /tmp/keep

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080
RUN groupadd --system --gid 10001 dojo \
 && useradd --system --uid 10001 --gid dojo --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin dojo \
 && mkdir /data \
 && chown 10001:10001 /data \
 && chmod 700 /data
WORKDIR /app
# Owned by root, so the console cannot change its own code even where the root is writable.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json /app/tsconfig.base.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8080
# The slim image has no curl; Node 20 has fetch. /healthz answers without the console token.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "--import", "tsx", "apps/server/src/cli.ts"]
CMD ["up", "--host", "0.0.0.0", "--data-dir", "/data"]
