# syntax=docker/dockerfile:1
# The same steps as the README: npm ci, npm run build, npm start.
# Node 26 LTS (decision 074; the container test builds it on Debian trixie
# with the Node pinned in scripts/node-pins.txt).
ARG BASE_IMAGE=node:26-trixie-slim

FROM ${BASE_IMAGE} AS deps
WORKDIR /app
# better-sqlite3 13 ships prebuilt addons, but `npm ci` compiles it anyway
# (npm ignores its "gypfile": false when installing from the lock:
# npm/cli#3341, WiseLibs/better-sqlite3#1516), so the build stage has a compiler.
RUN if command -v apt-get >/dev/null; then apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*; fi
COPY package.json package-lock.json .npmrc ./
RUN npm ci

FROM deps AS build
WORKDIR /app
COPY . .
RUN npm run build && npm prune --omit=dev

FROM ${BASE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/app.db \
    UPLOAD_DIR=/data/uploads
RUN (getent group convite || groupadd --system convite) && \
    (id -u convite >/dev/null 2>&1 || useradd --system --gid convite --home /app --shell /usr/sbin/nologin convite) && \
    mkdir -p /data && chown convite:convite /data
COPY --from=build --chown=convite:convite /app/node_modules ./node_modules
COPY --from=build --chown=convite:convite /app/build ./build
COPY --from=build --chown=convite:convite /app/db/migrations ./db/migrations
COPY --from=build --chown=convite:convite /app/package.json /app/server.js ./
COPY --from=build --chown=convite:convite /app/scripts ./scripts
USER convite
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server.js"]
