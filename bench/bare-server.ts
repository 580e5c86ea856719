/**
 * The baseline of bench/api-ratio.ts: a bare Fastify 5 server on the same database as the
 * app, no authentication, no validation, no logging, answering with the same rows as the app's routes:
 * - GET /one/:id           one appliance by id (an indexed SELECT of one row)
 * - GET /list/:userId      the household's appliances (the rows of `…/appliances?limit=60`)
 * - GET /universes/:userId the household's universes
 * On PostgreSQL through `pg` (a pool of 10, as the app); on PGlite through the app's own database
 * thread (`PGliteThread`), so that both sides pay the same way to reach the database.
 *
 * Env: PORT; DATABASE_URL (PostgreSQL, with its search_path) or PGLITE_DIR.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { PGliteThread } from '../packages/server/src/db/pglite-thread.ts';

type Query = <R>(sql: string, params: unknown[]) => Promise<R[]>;

let query: Query;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async <R>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows as R[];
  close = () => pool.end();
} else {
  const thread = new PGliteThread(process.env.PGLITE_DIR);
  await thread.waitReady;
  query = async <R>(sql: string, params: unknown[]) => (await thread.query<R>(sql, params)).rows;
  close = () => thread.close();
}

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/one/:id', async (req, reply) => {
  const [row] = await query('select * from appliances where id = $1', [Number(req.params.id)]);
  return row ?? reply.code(404).send({ message: 'not found' });
});
app.get<{ Params: { userId: string } }>('/list/:userId', async (req) =>
  query('select * from appliances where foyer_id = $1 and second_life is null order by id limit 60', [Number(req.params.userId)]),
);
app.get<{ Params: { userId: string } }>('/universes/:userId', async (req) =>
  query('select * from universes where foyer_id = $1 order by id', [Number(req.params.userId)]),
);
app.get('/api/health', async () => ({ status: 'ok' }));
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(close)
      .then(() => process.exit(0)),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
