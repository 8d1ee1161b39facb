# The API, which also serves the built shell and remotes (one origin by default).
# Build from the project folder: docker build -f docker/api.Dockerfile .
FROM node:20-bookworm AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# Two malloc arenas: with one per thread, libvips's threads (photo uploads) leave glibc holding
# freed memory, 150 MB more after ten uploads (see docs/api.md, Gallery photos).
ENV NODE_ENV=production PORT=3000 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/api/package.json ./api/
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/api/contracts/package.json ./api/contracts/
COPY --from=build /app/api/contracts/dist ./api/contracts/dist
COPY --from=build /app/shell/dist ./shell/dist
COPY --from=build /app/storefront/dist ./storefront/dist
COPY --from=build /app/storefront/dist-ssr ./storefront/dist-ssr
COPY --from=build /app/admin/dist ./admin/dist
# Uploaded photos (UPLOADS_DIR's default); compose mounts a volume here so they outlive the
# container. Made here, owned by node, so a new volume starts writable by the server.
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The heap grows by a fifth between full collections (api/scripts/server-flags.ts).
CMD ["node", "--heap-growing-percent=20", "api/dist/main.js"]
