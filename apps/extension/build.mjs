// Builds the extension into dist/ (each script one self-contained IIFE: content scripts cannot be ES
// modules, and MV3 forbids remote code) and zips it into release/ for the server to serve.
//
// Environment:
//   CROSSMARKET_URL          the server the build is for (default http://localhost:3000): the options
//                            page's default address and the one host permission granted at install
//   EXTENSION_EXTRA_MATCHES  comma-separated extra content-script matches (the e2e test build's local page)
//   EXTENSION_OUT_DIR        output folder (default dist); EXTENSION_ZIP=0 skips the zip
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { zipSync } from 'fflate';
import { build } from 'vite';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const server = new URL(process.env.CROSSMARKET_URL ?? 'http://localhost:3000');
const outDir = path.resolve(here, process.env.EXTENSION_OUT_DIR ?? 'dist');
const zipPath = path.join(here, 'release', 'crossmarket-extension.zip');

// The marketplaces' product pages, one pattern per path shape and host (MV3 has no wildcard TLD).
// Kept in step with REGIONS in packages/domain (a unit test compares them).
export const DOMAINS = [
  'amazon.com',
  'amazon.ca',
  'amazon.co.uk',
  'amazon.com.mx',
  'amazon.com.au',
  'amazon.ae',
  'amazon.sg',
];
const PATHS = ['/dp/*', '/*/dp/*', '/gp/product/*', '/gp/aw/d/*'];
export const PRODUCT_MATCHES = DOMAINS.flatMap((d) => PATHS.map((p) => `https://www.${d}${p}`));
/**
 * `chrome.storage.local.setAccessLevel`, which keeps the token from content scripts (they share the
 * Amazon page's process), exists from Chrome 140; before it the call is missing and the token readable.
 * A browser that cannot hide it does not install the extension at all.
 */
export const MINIMUM_CHROME_VERSION = '140';

const extra = (process.env.EXTENSION_EXTRA_MATCHES ?? '').split(',').filter(Boolean);
// A match pattern names no port: it grants the host on every port.
const serverPattern = `${server.protocol}//${server.hostname}/*`;

const manifest = {
  manifest_version: 3,
  name: 'Crossmarket',
  version: pkg.version,
  description: "Crossmarket's figures on Amazon's product pages: your reports' row and a quick check.",
  minimum_chrome_version: MINIMUM_CHROME_VERSION,
  background: { service_worker: 'service-worker.js' },
  options_ui: { page: 'options.html', open_in_tab: true },
  action: { default_title: 'Crossmarket' },
  permissions: ['storage'],
  host_permissions: [serverPattern, ...extra.filter((m) => m !== serverPattern)],
  // Another Crossmarket address is asked for on the options page, when it is saved.
  optional_host_permissions: ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*', 'http://[::1]/*'],
  content_scripts: [{ matches: [...PRODUCT_MATCHES, ...extra], js: ['content.js'], run_at: 'document_idle' }],
};

const entries = {
  content: 'src/panel/content-script.tsx',
  'service-worker': 'src/worker/service-worker.ts',
  options: 'src/options/main.tsx',
};

async function buildAll() {
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const [name, entry] of Object.entries(entries)) {
    await build({
      root: here,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      define: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        __DEFAULT_SERVER__: JSON.stringify(server.origin),
        // Closed in what ships, so the page's own scripts cannot read the panel; open in the e2e test
        // build (extra matches), whose browser test reads it.
        __PANEL_SHADOW__: JSON.stringify(extra.length > 0 ? 'open' : 'closed'),
      },
      build: {
        outDir,
        emptyOutDir: false,
        minify: true,
        lib: {
          entry: path.join(here, entry),
          formats: ['iife'],
          name: `crossmarket_${name.replace('-', '_')}`,
          fileName: () => `${name}.js`,
        },
      },
    });
  }
  fs.copyFileSync(path.join(here, 'src/options/options.html'), path.join(outDir, 'options.html'));
  fs.copyFileSync(path.join(here, 'src/options/options.css'), path.join(outDir, 'options.css'));
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (process.env.EXTENSION_ZIP === '0') return;
  const files = Object.fromEntries(
    fs.readdirSync(outDir).map((f) => [f, new Uint8Array(fs.readFileSync(path.join(outDir, f)))]),
  );
  fs.mkdirSync(path.dirname(zipPath), { recursive: true });
  fs.writeFileSync(zipPath, zipSync(files, { level: 9 }));
  // Which address this zip is for: `npm start` rebuilds it when the app is served at another.
  fs.writeFileSync(`${zipPath}.url`, `${server.origin}\n`);
  console.log(
    `Extension built: ${path.relative(process.cwd(), outDir)}, ${path.relative(process.cwd(), zipPath)}`,
  );
}

if (process.argv[1] === import.meta.filename) await buildAll();
