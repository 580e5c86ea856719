// `npm start` builds the web app only when dist/ is missing or older than a source file.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '../..');
const force = process.argv.includes('--force');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const stamp = path.join(web, 'dist/index.html');
const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'packages/contracts/src')];
const inputs = Math.max(...sources.map(newest), statSync(path.join(web, 'index.html')).mtimeMs, statSync(path.join(web, 'vite.config.ts')).mtimeMs);
if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= inputs) {
  console.log('web: build à jour');
} else {
  execSync('npx vite build', { cwd: web, stdio: 'inherit' });
}
