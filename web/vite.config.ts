import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import appConfig from './src/config/app-config.json';
import { preloadRouteChunks, type RoutePages } from './vite.preload-routes';
import { prerenderPages } from './vite.prerender';

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
    prerenderPages({ entry: 'src/entry-server.tsx', routes: publicPages }),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { sourcemap: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
