/**
 * Dumps or restores one household (account, universes, appliances and their history, calendar,
 * notifications, badges, and the pictures, invoices and manuals) with the server's settings
 * (DATA_DIR, DATABASE_URL):
 *
 *   node --import tsx scripts/household-backup.ts export --email camille@exemple.fr --out backup.tar.gz
 *   node --import tsx scripts/household-backup.ts import --in backup.tar.gz [--replace]
 *
 * The embedded database (PGlite, no DATABASE_URL) is one process's: stop the server first.
 * The archive holds personal data and the password hash: keep it private.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../packages/server/src/config.ts';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/client.ts';
import { DataDirLockedError } from '../packages/server/src/db/data-dir-lock.ts';
import { loadReferenceData } from '../packages/server/src/db/reference.ts';
import { createFileStore } from '../packages/server/src/services.ts';
import { exportHousehold, householdOwner, HouseholdBackupError, importHousehold } from '../packages/server/src/ops/household-backup.ts';

const USAGE = `usage:
  node --import tsx scripts/household-backup.ts export --email <e-mail> --out <archive.tar.gz>
  node --import tsx scripts/household-backup.ts import --in <archive.tar.gz> [--replace]`;

const [command, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
// npm runs root scripts in the repository folder: relative paths are the caller's.
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function main(): Promise<void> {
  const email = option('--email');
  const out = option('--out');
  const input = option('--in');
  if (!((command === 'export' && email && out) || (command === 'import' && input))) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: 2 });
  try {
    await migrateToLatest(handle);
    // Reference rows are matched by slug on import: they must be there, as at server start.
    await loadReferenceData(handle.db);
    const deps = { db: handle.db, store: createFileStore(config) };
    if (command === 'export') {
      const userId = await householdOwner(handle.db, email!);
      if (userId === null) throw new HouseholdBackupError(`Aucun compte pour ${email}.`);
      const archive = await exportHousehold(deps, userId);
      const file = fromCaller(out!);
      await writeFile(`${file}.part`, archive, { mode: 0o600 });
      await rename(`${file}.part`, file);
      console.log(`foyer de ${email} exporté dans ${file} (${archive.length} octets)`);
    } else {
      const archive = await readFile(fromCaller(input!));
      const { userId, warnings } = await importHousehold(deps, archive, { replace: args.includes('--replace') });
      for (const w of warnings) console.warn(`attention : ${w}`);
      console.log(`foyer importé (compte n° ${userId}) depuis ${fromCaller(input!)}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  // What the user can act on (a running server holds the embedded database, a setting is wrong): one line.
  if (error instanceof HouseholdBackupError || error instanceof ConfigError || error instanceof DataDirLockedError)
    console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
