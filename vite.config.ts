import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageBudgets } from './scripts/build/page-budgets.plugin.ts';
import { precompressedAssets, type AssetSizes } from './scripts/build/precompressed-assets.plugin.ts';

const sizes: AssetSizes = new Map();

/** The back office's engine, editor, map, spreadsheet, drag and drop and password dictionaries. */
const heavyCode = [
  /\/src\/web\/engine\//,
  /\/node_modules\/(@tiptap|prosemirror-[^/]+|@mantine\/tiptap|@mantine\/dates|leaflet|exceljs|@dnd-kit|@zxcvbn-ts)\//,
];

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    precompressedAssets(sizes),
    // A new user's first visit, page by page (issue 15's budgets); npm test builds, so it checks them.
    pageBudgets(
      [
        { label: 'login page', modules: ['screens/login/login.screen.tsx'], budget: 200_000, forbidden: heavyCode },
        {
          label: 'dashboard after login, more',
          modules: ['admin.layout.tsx', 'screens/dashboard/dashboard.screen.tsx'],
          budget: 400_000,
        },
        {
          label: 'a list from the dashboard, more',
          modules: ['engine/resource.route.tsx', 'engine/resource-list.screen.tsx'],
          budget: 100_000,
        },
      ],
      sizes,
    ),
  ],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    // npm run dev: the API and file routes are served by the Fastify process.
    // Anchored: a bare '/api' prefix would also catch the app's own /api-client.ts.
    proxy: Object.fromEntries(
      ['^/api/', '^/translations/', '^/uploads/', '^/media/'].map((prefix) => [prefix, 'http://127.0.0.1:3000']),
    ),
  },
});
