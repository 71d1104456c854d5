import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.CROSSMARKET_API ?? 'http://127.0.0.1:3000';

// Modules whose import has no effect but their exports, so that an unused import drops out of the
// chunk. The app's own modules, save these: importing one name from a feature's index.ts must not pull
// the rest of that feature in. And antd's rc-component and style packages, which do not say so in
// their package.json: their index files would otherwise bring every part (antd's ConfigProvider pulls
// rc-form's index, and with it the whole form engine, into the sign-in route).
const appModule = /\/apps\/web\/src\//;
const appSideEffects = /\/apps\/web\/src\/(main\.tsx|i18n\/index\.ts|.*\.css)$/;
const pureDeps =
  /\/node_modules\/(@rc-component\/|@ant-design\/(cssinjs|cssinjs-utils|colors|fast-color|react-slick)\/)/;
const pure = (id: string) => (appModule.test(id) && !appSideEffects.test(id)) || pureDeps.test(id);

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
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (pure(id) ? false : undefined),
      },
    },
  },
});
