import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: fileURLToPath(new URL('./pwa', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/pwa', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    // `npm run dev` runs the API beside Vite; the PWA calls it through this proxy.
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
});
