// Which address the extension's zip must be built for, and whether the zip on disk is for it: the
// options page's default address and the one host permission granted at install come from the build,
// so a zip built for localhost:3000 cannot sign in to an app served elsewhere (issue 46).
import fs from 'node:fs';

/**
 * The address the program serves the app at, as the server's config derives it (APP_URL, else PORT); null
 * when that is no address (a PORT or APP_URL the server's configuration check will name), so the start
 * goes on to that check's message instead of a stack trace from here.
 */
export function extensionTarget(env) {
  const given = env.APP_URL || env.CROSSMARKET_URL;
  // As the config reads PORT (a coerced whole number from 0 to 65535), so the two never disagree.
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!given && !(Number.isInteger(port) && port >= 0 && port <= 65535)) return null;
  try {
    return new URL(given || `http://localhost:${port}`).origin;
  } catch {
    return null;
  }
}

/** The file beside the zip naming the address it was built for (written by apps/extension/build.mjs). */
export const stampOf = (zipPath) => `${zipPath}.url`;

/** True when there is no zip, its sources are newer, or it was built for another address. */
export function extensionStale({ zipPath, target, sourcesNewerThan }) {
  if (!fs.existsSync(zipPath)) return true;
  if (sourcesNewerThan(fs.statSync(zipPath).mtimeMs)) return true;
  const stamp = stampOf(zipPath);
  return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8').trim() !== target;
}
