import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: fileURLToPath(new URL('./pwa', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  // The footer's year in prerendered HTML (the page shows the reader's year once live).
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  plugins: [
    react(),
    VitePWA({
      // Our own worker (pwa/sw.ts) built with Workbox modules. Its precache manifest is
      // injected by scripts/sw-precache.mjs after prerendering, so every prerendered page
      // is in it; here the plugin only compiles the worker and writes the web manifest.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: { injectionPoint: undefined },
      manifest: {
        id: '/',
        name: 'SkillUp Soft Skills Academy',
        short_name: 'SkillUp',
        description:
          'Soft-skills courses, free live classes and a personality test for students in India — forms work offline and send when you are back online.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1d3557',
        background_color: '#ffffff',
        categories: ['education'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/home-narrow.png',
            sizes: '540x1170',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Home page on a phone',
          },
          { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Home page on a desktop' },
        ],
      },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/pwa', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // One small stylesheet, linked from every prerendered page: no flash of unstyled
    // content while a lazy route module loads.
    cssCodeSplit: false,
    // scripts/prerender.mjs reads it to preload each page's route module.
    manifest: true,
    // Every public page's main script lists what each lazy route needs, to preload it. The
    // admin console's list would only weigh on public pages (admins can wait a moment once).
    modulePreload: {
      // The polyfill (~240 B gzipped on every page) only adds the early fetch for browsers
      // without <link rel=modulepreload> (Safari < 17, Firefox < 115); they still load every module.
      polyfill: false,
      resolveDependencies: (filename, deps) => (/AdminConsole-/.test(filename) ? [] : deps),
    },
  },
  server: {
    // `npm run dev` runs the API beside Vite; the PWA calls it through this proxy.
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
});
