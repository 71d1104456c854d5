import fs from 'node:fs';
import { rawBodySchema } from '@crossmarket/domain';
import type { App } from './app-type';
import { sendError } from './errors';
import { errors } from './responses';

/** The stable address of the built browser extension (Settings → Extension links here). */
export const EXTENSION_ZIP_URL = '/downloads/crossmarket-extension.zip';

/**
 * Serves the zip `npm run build` makes of apps/extension (read at each request, so a rebuild needs no
 * restart); a server without one says how to make it rather than sending the web app's page.
 */
export function registerExtensionDownload(app: App, zipPath: string) {
  const schema = {
    response: { 200: rawBodySchema('The browser extension (application/zip).'), ...errors(404) },
  };
  app.get(EXTENSION_ZIP_URL, { schema }, async (_request, reply) => {
    if (!fs.existsSync(zipPath)) {
      return sendError(
        reply,
        404,
        'extension_not_built',
        'The browser extension has not been built. Run `npm run build`.',
      );
    }
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="crossmarket-extension.zip"')
      .header('cache-control', 'no-cache')
      .send(await fs.promises.readFile(zipPath));
  });
}
