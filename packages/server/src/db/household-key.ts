import type { Retired } from './schema.ts';

const FOYER_KEYED_TABLES = ['universes', 'appliances', 'events', 'appliance_recalls', 'dossier_jobs', 'dossier_shares'] as const;
// Every table whose `user_id` was retired is here, and nothing else (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTables: Same<(typeof FOYER_KEYED_TABLES)[number], keyof Retired> = true;
void sameTables;

/** Tables made after the change, keyed by `foyer_id` from the start (they never had a `user_id`). */
const BORN_FOYER_KEYED = ['claims', 'claim_steps', 'claim_attachments'] as const;

/** The household's data: rows keyed by `foyer_id` (migration 0028, and the tables made since). */
export const FOYER_KEYED: ReadonlySet<string> = new Set([...FOYER_KEYED_TABLES, ...BORN_FOYER_KEYED]);

/** The column that says whose a row is: `foyer_id` on the household's data, `user_id` on a person's own rows. */
export const keyColumn = (table: string): 'foyer_id' | 'user_id' => (FOYER_KEYED.has(table) ? 'foyer_id' : 'user_id');
