import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SEARCH_PLACEHOLDER } from './src/app/shell/search-placeholder.ts';

/**
 * Writes `.br` and `.gz` beside each built text file; the server sends them to browsers that accept
 * them (@fastify/static `preCompressed`), so the app loads about a quarter of its bytes.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const deflate = promisify(gzip);
  return {
    name: 'ecofoyer-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      // The barcode reader's WebAssembly too: ~950 KB, a third of it compressed.
      const files = Object.values(bundle).filter((f) => /\.(js|css|svg|html|json|wasm)$/.test(f.fileName));
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

/**
 * `home.html`: index.html whose loading screen is already the home's frame — the header with the logo
 * and the search bar (`SEARCH_PLACEHOLDER`) — so that the home's largest
 * paint comes with the HTML instead of after the JavaScript (Lighthouse mobile ≥ 95 on
 * /home). The server sends it for `/` and `/home`; the app replaces it on its first render, as it does
 * the plain loading screen.
 */
function homeShellHtml(): Plugin {
  const css = `
      .boot-home { box-sizing: border-box; min-height: 100vh; background: #f8f9fa; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
      .boot-home header { box-sizing: border-box; height: 64px; padding: 0 16px; display: flex; align-items: center; background: #fff; border-bottom: 1px solid #dee2e6; }
      .boot-home main { box-sizing: border-box; padding: 16px; }
      .boot-home .search { box-sizing: border-box; max-width: 1100px; margin: 0 auto 16px; padding: 12px 16px; min-height: 48px; display: flex; align-items: center; gap: 12px; background: #fff; border: 1px solid #dee2e6; border-radius: 32px; }
      .boot-home .search p { margin: 0; font-size: 16px; line-height: 1.55; color: #5F6B64; }
      .boot-home .loading { max-width: 1100px; margin: 0 auto; font-size: 15px; color: #495057; }
      @media (min-width: 48em) { .boot-home main { padding: 24px 24px 24px 274px; } }`;
  const shell =
    '<div class="boot-home" role="status"><header><img src="/logo-wordmark.svg" alt="EcoFoyer" width="120" height="32" /></header>' +
    '<main><div class="search"><svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="#5F6B64" stroke-width="2" aria-hidden="true"><circle cx="10" cy="10" r="7"/><path d="M21 21l-6-6"/></svg>' +
    `<p>${SEARCH_PLACEHOLDER}</p></div>` +
    '<p class="loading">Chargement…</p></main></div>';
  return {
    name: 'ecofoyer-home-shell-html',
    apply: 'build',
    // After Vite's own HTML plugin has emitted index.html with its built asset links.
    enforce: 'post',
    generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('index.html was not in the bundle');
      const html = String(index.source);
      const boot = /<div class="boot" role="status">[\s\S]*?<\/div><\/div>/;
      if (!boot.test(html)) this.error('index.html: the loading screen to replace was not found');
      this.emitFile({
        type: 'asset',
        fileName: 'home.html',
        source: html.replace(boot, `${shell}</div>`).replace('</style>', `${css}\n    </style>`),
      });
    },
  };
}

/**
 * React Router's production build in the built app. Its package.json sends every import to
 * `dist/development` (remix-run/react-router#12532, #14102), which in 7.18 differs from `dist/production`
 * by one flag only, `ENABLE_DEV_WARNINGS`: the developers' console warnings, ~600 B of gzip JS in
 * the entry chunk (decision 006). `npm run dev` and the tests keep the development build.
 */
function reactRouterProduction(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
  const files = new Map([
    ['react-router', path.join(dist, 'index.mjs')],
    ['react-router/dom', path.join(dist, 'dom-export.mjs')],
  ]);
  return {
    name: 'ecofoyer-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const file = files.get(source);
      if (!file) return null;
      if (existsSync(file)) return file;
      this.warn(`${file} is missing: React Router's development build is bundled`);
      return null;
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
  // The energy label's lookups and tariff load with the scanner and the appliance page only.
  /src[\\/]features[\\/](?!identification[\\/])[^\\/]+[\\/](api[\\/]|paths\.ts)/,
  /src[\\/]app[\\/](paths\.ts|query-layout|query-client|shell[\\/]app-layout)/,
];

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    homeShellHtml(),
    precompress(),
    // Service worker (src/sw.ts): offline shell, push, app badge. The manifest is public/manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // pdf.js (400 KB) loads when a document is opened: not part of every install's precache.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/pdf*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        rollupFormat: 'iife',
      },
    }),
    // `ANALYZE=/tmp/web-bundle.html npx vite build`: what each chunk holds (a .json path gives the raw data).
    process.env.ANALYZE
      ? visualizer({
          filename: process.env.ANALYZE,
          template: process.env.ANALYZE.endsWith('.json') ? 'raw-data' : 'treemap',
          gzipSize: true,
        })
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
        // Few chunks on the critical path (on a phone network each request costs a round
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
