import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { App } from './app-type';
import { sendError } from './errors';

const API_PREFIXES = ['/api/', '/v1/'];
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api' || url === '/v1';

/** The console's pages: /admin and below. */
const isConsolePage = (url: string) => url === '/admin' || url.startsWith('/admin/');

export interface WebAppOptions {
  /** Whether the request may see the console's pages; anyone else gets them as a 404. */
  operator?: (request: FastifyRequest) => Promise<boolean>;
}

/**
 * Serves the built web app: hashed assets cached forever, everything else revalidated, and page routes
 * falling back to index.html so the client router can take them. Unknown API paths answer JSON 404.
 */
export async function registerWebApp(app: App, distDir: string, options: WebAppOptions = {}) {
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

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    if (wantsPage && hasWebApp && !path.extname(url)) {
      // Not an operator: the page the web app draws for an unknown address, with a 404 like one.
      const hidden = isConsolePage(url) && !(await (options.operator?.(request) ?? Promise.resolve(false)));
      return reply
        .status(hidden ? 404 : 200)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html');
    }
    if (wantsPage && !hasWebApp && url === '/') {
      return sendError(reply, 503, 'web_not_built', 'The web app has not been built. Run `npm run build`.');
    }
    return sendError(reply, 404, 'not_found', `No route ${request.method} ${url}`);
  });
}
