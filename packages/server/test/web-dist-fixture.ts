import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from './multipart.ts';

/**
 * A small built web app (index.html, a script, a stylesheet, an icon, the manifest and the service
 * worker) for the tests of the static handler: they do not depend on `npm run build` having run
 * before them (a clean clone runs the API tests first), and never loop over zero files.
 */
export function webDistFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset="utf-8" /><title>EcoFoyer</title><script type="module" src="/assets/index-test.js"></script><link rel="stylesheet" href="/assets/index-test.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets/index-test.js'), 'document.getElementById("root").textContent = "EcoFoyer";\n');
  writeFileSync(path.join(dir, 'assets/index-test.css'), 'body { margin: 0; }\n');
  writeFileSync(path.join(dir, 'icons/icon-192.png'), PNG);
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'EcoFoyer', start_url: '/', display: 'standalone' }));
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);\n');
  return dir;
}
