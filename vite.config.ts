import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    // npm run dev: the API and file routes are served by the Fastify process.
    // Anchored: a bare '/api' prefix would also catch the app's own /api-client.ts.
    proxy: Object.fromEntries(
      ['^/api/', '^/translations/', '^/uploads/'].map((prefix) => [prefix, 'http://127.0.0.1:3000']),
    ),
  },
});
