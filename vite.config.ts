import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/** The modules of the public forms' shared chunk (build.rolldownOptions below). */
const FORMS_CHUNK = new RegExp(
  [
    String.raw`node_modules[\/](formik|yup|lodash-es|deepmerge|property-expr|tiny-case|toposort|react-fast-compare|hoist-non-react-statics|tiny-warning)[\/]`,
    String.raw`pwa[\/]components[\/]form[\/]`,
    String.raw`pwa[\/]lib[\/](submit|submit-outcome|outbox[\/]labels)\.ts`,
    String.raw`pwa[\/]hooks[\/]useSubmitToast\.ts`,
    String.raw`pwa[\/]i18n[\/](useFormWords\.ts|forms\.)`,
    String.raw`contract[\/](messages|messages-hi|phone|leads|lead-kinds|dates|options|webinars|consent|erasure|quiz[\/]api)\.ts`,
  ].join('|'),
);

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every public form needs and no page shows before a form is there: Formik,
              // yup and the contract's schemas and messages, the form parts, the submit path.
              // Split by who imports them, they were 10 chunks of 0.1–56 KB, so a page with a
              // form asked for 18–24 files (9–14 now) on a phone's connection, where each costs
              // a round trip. Only modules the entry does not import (those stay in it: one
              // here made every page load the group) and none a formless page imports (the
              // course page reads the prices in contract/bookings.ts); the group's own
              // dependencies are left where they are (React stays in the entry).
              name: 'forms',
              includeDependenciesRecursively: false,
              test: FORMS_CHUNK,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` runs the API beside Vite; the PWA calls it through this proxy.
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
});
