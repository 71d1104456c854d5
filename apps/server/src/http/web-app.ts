import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from './app-type';
import { sendError } from './errors';

const API_PREFIXES = ['/api/', '/v1/'];
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/v1';

/**
 * Serves the built web app: hashed assets cached forever, everything else revalidated, and page routes
 * falling back to index.html so the client router can take them. Unknown API paths answer JSON 404.
 */
export async function registerWebApp(app: App, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    if (wantsPage && hasWebApp && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (wantsPage && !hasWebApp && url === '/') {
      return sendError(reply, 503, 'web_not_built', 'The web app has not been built. Run `npm run build`.');
    }
    return sendError(reply, 404, 'not_found', `No route ${request.method} ${url}`);
  });
}
