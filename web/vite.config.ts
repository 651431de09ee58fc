import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import appConfig from './src/config/app-config.json' with { type: 'json' };
import { preloadRouteChunks, type RoutePages } from './vite.preload-routes.ts';
import { prerenderPages } from './vite.prerender.ts';

/** The public pages (prerendered, with their chunks preloaded) and the module rendering each. */
const publicPages: RoutePages = {
  '/': 'features/apply/pages/RootApplyPage.tsx',
  [`/${appConfig.callCenterEmployer.slug}`]: 'features/apply/pages/CallCenterApplyPage.tsx',
  '/redirecionamento': 'features/redirect/pages/RedirectPage.tsx',
};

export default defineConfig({
  plugins: [
    react(),
    preloadRouteChunks(publicPages),
    prerenderPages({
      entry: 'src/entry-server.tsx',
      routes: publicPages,
      // The countdown appears only once the scripts have read the settings: no reason to wait.
      eagerScripts: ['/redirecionamento'],
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { sourcemap: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
  },
});
