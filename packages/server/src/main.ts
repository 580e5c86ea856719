import path from 'node:path';
import { dataDirFrom } from './data-dir.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { bootPglite } from './db/pglite-boot.ts';

// Process entry. The embedded database starts booting in its thread first, then the rest of the
// server loads meanwhile (zod, Kysely, Fastify and the modules take about half a second
// to load, PGlite about a second to boot). With DATABASE_URL there is nothing to boot.
const pglite = process.env.DATABASE_URL ? undefined : bootPglite(path.join(dataDirFrom(process.env), 'pglite'));
pglite?.catch(() => undefined); // its failure is reported where start() awaits it

const { ConfigError, start, StartError } = await import('./start.ts');
start(pglite).catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StartError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
