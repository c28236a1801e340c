# syntax=docker/dockerfile:1
# The site as an image (docs/decisions/021). The build stage runs the scripts CI runs in
# tests/artifact.int.test.ts: `npm run build`, then scripts/runtime-tree.mjs, which copies what a
# production start needs and prunes node_modules to `dependencies`. The runtime stage holds that
# tree only, runs as the unprivileged `node` user, and keeps the embedded database in /data.
# Build-time settings (LOCALE_PREFIX, NEXT_PUBLIC_*, CONTACT_*, SELLER_*) are baked into the pages:
# pass them as build arguments; a container started with other values refuses to start (`npm start`
# says why).

FROM node:22-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
# Without benchmarks/ (an npm workspace of its own): npm leaves its devDependencies (Lighthouse,
# autocannon…) out of this install.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
ARG LOCALE_PREFIX=always
ARG NEXT_PUBLIC_SITE_NAME=EpcSu
ARG NEXT_PUBLIC_SITE_URL=
ARG NEXT_PUBLIC_YM_ID=
ARG NEXT_PUBLIC_OPERATOR_NAME=
ARG NEXT_PUBLIC_OPERATOR_EMAIL=
ARG CONTACT_PHONE=
ARG CONTACT_EMAIL=
ARG CONTACT_MESSENGER_URL=
ARG SELLER_NAME=
ARG SELLER_INN=
ARG SELLER_OGRN=
ARG SELLER_ADDRESS=
RUN npm run build && node scripts/runtime-tree.mjs /app

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
ARG LOCALE_PREFIX=always
ARG NEXT_PUBLIC_SITE_NAME=EpcSu
ARG NEXT_PUBLIC_SITE_URL=
ARG NEXT_PUBLIC_YM_ID=
ARG NEXT_PUBLIC_OPERATOR_NAME=
ARG NEXT_PUBLIC_OPERATOR_EMAIL=
ARG CONTACT_PHONE=
ARG CONTACT_EMAIL=
ARG CONTACT_MESSENGER_URL=
ARG SELLER_NAME=
ARG SELLER_INN=
ARG SELLER_OGRN=
ARG SELLER_ADDRESS=
# The start checks the build against these (they are part of its stamp).
ENV LOCALE_PREFIX=$LOCALE_PREFIX \
    NEXT_PUBLIC_SITE_NAME=$NEXT_PUBLIC_SITE_NAME \
    NEXT_PUBLIC_SITE_URL=$NEXT_PUBLIC_SITE_URL \
    NEXT_PUBLIC_YM_ID=$NEXT_PUBLIC_YM_ID \
    NEXT_PUBLIC_OPERATOR_NAME=$NEXT_PUBLIC_OPERATOR_NAME \
    NEXT_PUBLIC_OPERATOR_EMAIL=$NEXT_PUBLIC_OPERATOR_EMAIL \
    CONTACT_PHONE=$CONTACT_PHONE \
    CONTACT_EMAIL=$CONTACT_EMAIL \
    CONTACT_MESSENGER_URL=$CONTACT_MESSENGER_URL \
    SELLER_NAME=$SELLER_NAME \
    SELLER_INN=$SELLER_INN \
    SELLER_OGRN=$SELLER_OGRN \
    SELLER_ADDRESS=$SELLER_ADDRESS
WORKDIR /app
COPY --from=build /app /app
# The code stays root's (read-only to the server); Next.js's cache and the data are the server's.
RUN mkdir -p /data /app/.next/cache && chown node:node /data /app/.next/cache
USER node
VOLUME /data
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself (not npm) is process 1's child: SIGTERM reaches the server, which drains.
CMD ["node", "scripts/start.mjs"]
