import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes `.br` and `.gz` beside each built text file; the server sends them to browsers that accept
 * them (@fastify/static `preCompressed`), so the app loads about a quarter of its bytes (issue 8).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const deflate = promisify(gzip);
  return {
    name: 'ecofoyer-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.values(bundle).filter((f) => /\.(js|css|svg|html|json)$/.test(f.fileName));
      await Promise.all(
        files.map(async (file) => {
          const data = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (data.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            deflate(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/** Modules of the `signed-in` chunk (with what they import statically). */
const SIGNED_IN = [
  /node_modules[\\/]@tanstack[\\/]/,
  /node_modules[\\/]@tabler[\\/]/,
  /node_modules[\\/]@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](AppShell|NavLink|Indicator|Collapse|SimpleGrid|ThemeIcon|Skeleton)[\\/]/,
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]utils[\\/]get-sorted-breakpoints/,
  /src[\\/]features[\\/][^\\/]+[\\/](api[\\/]|paths\.ts)/,
  /src[\\/]app[\\/](paths\.ts|query-layout|query-client|shell[\\/]app-layout)/,
];

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    // Service worker (src/sw.ts): offline shell, push, app badge. The manifest is public/manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // pdf.js (400 KB) loads when a document is opened: not part of every install's precache.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'], globIgnores: ['**/pdf*.js'], maximumFileSizeToCacheInBytes: 3 * 1024 * 1024, rollupFormat: 'iife' },
    }),
    // `ANALYZE=/tmp/web-bundle.html npx vite build`: what each chunk holds (a .json path gives the raw data).
    process.env.ANALYZE
      ? visualizer({ filename: process.env.ANALYZE, template: process.env.ANALYZE.endsWith('.json') ? 'raw-data' : 'treemap', gzipSize: true })
      : null,
  ],
  server: {
    port: 5173,
    // `npm run dev`: the API runs on :3000 beside Vite.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Few chunks on the critical path (issue 8: on a phone network each request costs a round
        // trip). /login loads one JS file: all that its page statically needs. Every signed-in page
        // needs TanStack Query, the shell, the icons and the API modules: one chunk with them.
        // Each page's own code, and what loads after the first paint, stay in their chunks.
        codeSplitting: {
          groups: [
            { name: 'entry', tags: ['$initial'], priority: 2 },
            { name: 'signed-in', test: (id) => SIGNED_IN.some((re) => re.test(id)), priority: 1 },
          ],
        },
      },
    },
  },
});
