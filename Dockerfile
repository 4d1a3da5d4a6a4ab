# Multi-stage build: compile the PWA and the server with every dependency, then run
# them on production dependencies only, as an unprivileged user.
#
# NODE_IMAGE: any Debian-based Node 20 image with a `node` user (uid 1000). Where no image
# registry is reachable, `npm run test:docker` makes one locally
# (scripts/docker/make-base-image.sh) and passes it here.
# PUBLIC_URL needs no build argument: the server serves canonical links, the sitemap and
# robots.txt for the PUBLIC_URL it runs with (api/static.ts).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
# The compiled server (with its migrations and certificate fonts) and the built PWA;
# dist/ssr is the prerenderer's, used at build time only.
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/pwa ./dist/pwa
# `npm run admin` and `npm run backup` / `restore` inside the container.
COPY scripts/admin.mjs scripts/backup.mjs ./scripts/
COPY scripts/lib/build.mjs ./scripts/lib/
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=5s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/api/main.js"]
