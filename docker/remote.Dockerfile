# One remote (storefront or admin) as static files on its own origin, deployable on its own:
#   docker build -f docker/remote.Dockerfile --build-arg REMOTE=storefront .
FROM node:20-bookworm AS build
ARG REMOTE=storefront
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npx nx run @artist/${REMOTE}:build

FROM nginx:1.27-alpine
ARG REMOTE=storefront
COPY docker/remote.nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${REMOTE}/dist /usr/share/nginx/html
EXPOSE 80
