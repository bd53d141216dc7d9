# The storefront as one image: `docker build -t marketplace .`, then see compose.yaml.
# The server runs its TypeScript through tsx (as `npm start` does), so the runtime stage keeps tsx
# beside the production dependencies; the web app is built once, in the build stage.

FROM node:20-bookworm-slim AS toolchain
# Native modules (better-sqlite3, sharp, argon2) come prebuilt; the compiler is the fallback when
# a prebuilt binary cannot be fetched. Only build stages have it.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

FROM toolchain AS build
WORKDIR /app
# The manifests first, so the install is cached until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build -w apps/web

FROM toolchain AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
# Production dependencies of every workspace (the web app's server build imports React and the
# router at run time, and the server runs through tsx).
RUN npm ci --omit=dev \
  && npm cache clean --force

FROM node:20-bookworm-slim
# APP_ENV stays "local" unless set (compose.yaml sets production, which requires APP_SECRET).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Root-owned code and dependencies; the server writes only to /data.
COPY --from=deps /app ./
COPY --from=build /app/packages/contract/src packages/contract/src
COPY --from=build /app/packages/contract/locales packages/contract/locales
COPY --from=build /app/packages/contract/messages packages/contract/messages
COPY --from=build /app/apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
RUN mkdir -p /data && chown node:node /data
USER node
# SQLite database, uploads and backups on the embedded default; uploads when on PostgreSQL.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# What `npm start` runs once the web app is built.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
