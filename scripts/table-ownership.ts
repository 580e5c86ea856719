import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who owns each table (decision 012): a server module's code touches only its own
 * tables; it reads another module's through that module's service or a named read model
 * (`packages/server/src/read-models/`, read only). Reference data (`ref_products`, `ref_universes`)
 * is read by every module and written only by `references` (and the loader at start).
 */
export const OWNERS: Record<string, string[]> = {
  auth: [
    'users',
    'sessions',
    'refresh_tokens',
    'known_devices',
    'password_reset_tokens',
    'signin_failures',
    'email_changes',
    'user_totp',
    'totp_recovery_codes',
  ],
  audit: ['audit_log'],
  appliances: ['appliances'],
  universes: ['universes'],
  events: ['events', 'calendar_feeds'],
  maintenance: ['maintenance_cards', 'maintenance_steps', 'maintenance_agents'],
  notifications: ['notifications', 'push_subscriptions', 'notification_preferences', 'notification_digests'],
  badges: ['ref_badges', 'user_badges', 'user_actions'],
  files: ['temp_files'],
  foyer: ['foyers', 'foyer_members', 'foyer_invitations'],
  dossier: ['dossier_jobs', 'dossier_shares'],
  'inventory-csv': ['inventory_imports'],
  labels: ['appliance_labels'],
  recalls: ['recall_runs', 'recall_sheets', 'appliance_recalls'],
  claims: ['claims', 'claim_steps', 'claim_attachments'],
  references: ['ref_products', 'ref_universes', 'reference_data'],
};
/** Tables of the server's infrastructure (lib/), no module's. */
export const INFRASTRUCTURE = ['mail_queue', 'rate_limits', 'idempotency_keys', 'jobs'];
const REFERENCE_DATA = new Set(OWNERS.references);
/**
 * The account module exports and deletes a whole account (RGPD): it reads every table with a
 * user_id on purpose, as ops/household-backup.ts does, since a module's service gives only its view.
 */
const WHOLE_ACCOUNT = new Set(['account']);

const CALL = /\b(selectFrom|leftJoin|innerJoin|rightJoin|fullJoin|insertInto|updateTable|deleteFrom|mergeInto)\(\s*'([a-z_]+)/g;
const WRITE = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto']);

export interface Use {
  file: string;
  table: string;
  write: boolean;
}

export function tableUses(source: string, file: string): Use[] {
  return [...source.matchAll(CALL)].map((m) => ({ file, table: m[2]!, write: WRITE.has(m[1]!) }));
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });

/** Every use of a table that breaks the ownership rules under `serverSrc` (packages/server/src), as readable lines. */
export function ownershipViolations(serverSrc: string): string[] {
  const problems: string[] = [];
  const owner = new Map(Object.entries(OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module] as const)));
  const modules = path.join(serverSrc, 'modules');
  for (const module of readdirSync(modules)) {
    if (WHOLE_ACCOUNT.has(module)) continue;
    for (const file of sources(path.join(modules, module))) {
      for (const use of tableUses(readFileSync(file, 'utf8'), file)) {
        const own = owner.get(use.table);
        const where = `${path.relative(serverSrc, file)}: ${use.table}`;
        if (own === module) continue;
        if (REFERENCE_DATA.has(use.table) && !use.write) continue;
        problems.push(`${where} belongs to ${own ?? 'no module'}: go through its service or a read model`);
      }
      if (!file.endsWith('.repository.ts') && tableUses(readFileSync(file, 'utf8'), file).length > 0) {
        problems.push(`${path.relative(serverSrc, file)}: only a repository builds queries`);
      }
    }
  }
  const readModels = path.join(serverSrc, 'read-models');
  for (const file of sources(readModels)) {
    for (const use of tableUses(readFileSync(file, 'utf8'), file)) {
      if (use.write) problems.push(`${path.relative(serverSrc, file)}: ${use.table} is written; a read model only reads`);
    }
  }
  return problems;
}
