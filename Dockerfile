# syntax=docker/dockerfile:1
# areaOE: one stateless Node process per container; run as many as needed behind any load balancer
# (docs/scaling.md). Not built on the development machine, which has no container engine.

# --- Build: every dependency, the security-header library (npm's prepare script) and the portal ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/security-header ./packages/security-header
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build

# --- Run: production dependencies only, the build, the configuration, a non-root user ---
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/security-header/package.json ./packages/security-header/package.json
COPY --from=build /app/packages/security-header/dist ./packages/security-header/dist
# --ignore-scripts: the library is already built (its build needs the compiler, a dev dependency).
RUN npm ci --omit=dev --ignore-scripts --no-fund --no-audit && npm cache clean --force
COPY --from=build /app/build ./build
COPY config ./config
# The only folder the server writes: the local test key for the header sandbox (mount a volume shared
# by all instances, or configure the authority certificates).
RUN mkdir -p /app/.local && chown node:node /app/.local
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/areaOE/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops the server gracefully (requests in flight finish).
CMD ["node", "build/server/index.js"]
