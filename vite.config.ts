import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    // npm run dev: the API and file routes are served by the Fastify process.
    proxy: { '/api': 'http://127.0.0.1:3000', '/translations': 'http://127.0.0.1:3000' },
  },
});
