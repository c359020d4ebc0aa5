# The portal in one image: built with devDependencies, run without them, as a non-root user.
# The build stage runs scripts/production-install.sh build, the very steps CI checks on every
# commit (scripts/production-install.sh check).
FROM node:24-slim AS build
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm scripts/production-install.sh build

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
# The app folder and its data folder exist before anything is copied, owned by the user the server
# runs as: Docker creates a missing WORKDIR as root, and COPY --chown changes what it copies, not
# the folder it copies into. The server writes its data (attachments, the embedded database) under
# DATA_DIR and its compiled-code cache under apps/server/dist; a new volume on /app/data starts
# with the image's owner, node.
RUN install -d -o node -g node /app /app/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# APP_ENV has no default on 0.0.0.0: set it (and, in prd, SMTP_URL, DATABASE_URL, PUBLIC_URL).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
