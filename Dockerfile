# vottur in a container: `docker build -t vottur .` then
# `docker run --rm -v "$PWD:/work" vottur lint 'apis/**/*.yaml'` (the working folder is /work).
# Built from this checkout: vottur is not on the npm registry.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY tsconfig.json ./
COPY src ./src
COPY rulesets ./rulesets
COPY bench ./bench
COPY scripts/bundle-cli.mjs ./scripts/
RUN npm run build --silent && npm prune --omit=dev --no-audit --no-fund --loglevel=error

FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY rulesets ./rulesets
COPY assets ./assets
COPY docs ./docs
COPY README.md ./
# Lint the mounted folder as the user who owns nothing else in the image.
USER node
WORKDIR /work
ENTRYPOINT ["node", "/app/dist/cli/main.js"]
CMD ["--help"]
