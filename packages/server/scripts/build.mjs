// The server built to JavaScript: production runs `node dist/main.js`, with
// no TypeScript loader. tsc compiles the contracts and the server (`.ts` imports rewritten to `.js`),
// then the files the server reads beside its code (worker scripts, reference data, the assistant's
// knowledge base, the smart-fix model, the demo's pictures) are copied to the same places under dist/,
// and the PGlite template (a data directory migrated, with its reference data) is made there.
// `npm start` builds only when dist/ is missing or older than a source; `--force` always builds.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contracts = path.resolve(server, '../contracts');
const root = path.resolve(server, '../..');
const force = process.argv.includes('--force');

function newest(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newest(path.join(target, name))));
}

const stamp = path.join(server, 'dist/.built');
const inputs = Math.max(...[path.join(server, 'src'), path.join(contracts, 'src'), path.join(server, 'tsconfig.build.json'), path.join(contracts, 'tsconfig.build.json'), path.join(root, 'tsconfig.base.json')].map(newest));
if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= inputs) {
  console.log('server: build à jour');
  process.exit(0);
}

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
for (const pkg of [contracts, server]) {
  rmSync(path.join(pkg, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(pkg, 'tsconfig.build.json')], { stdio: 'inherit' });
}

/** Every file of src/ that is not TypeScript (nor a test), copied to the same place under dist/. */
function copyAssets(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name.startsWith('pglite-template') && !entry.name.endsWith('.ts')) continue; // made below, never copied
    if (entry.isDirectory()) copyAssets(source, target);
    else if (!/\.ts$/.test(entry.name) && !/\.test\./.test(entry.name)) cpSync(source, target);
  }
}
copyAssets(path.join(server, 'src'), path.join(server, 'dist'));
// The data directory a first start on PGlite copies instead of running initdb (a faster start).
execFileSync(process.execPath, ['--conditions=ecofoyer-built', path.join(server, 'dist/db/pglite-template.js')], { stdio: 'inherit' });
writeFileSync(stamp, `${new Date().toISOString()}\n`);
console.log('server: build terminé (packages/server/dist)');
