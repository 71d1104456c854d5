import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.CROSSMARKET_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0'),
  },
  server: {
    proxy: Object.fromEntries(['/api', '/v1', '/healthz', '/readyz', '/dev'].map((p) => [p, api])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
