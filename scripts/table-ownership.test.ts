import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INFRASTRUCTURE, OWNERS, ownershipViolations } from './table-ownership.ts';
import { writeTree } from './temp-tree.ts';

const SERVER_SRC = path.resolve(import.meta.dirname, '../packages/server/src');

describe('table ownership (decision 012)', () => {
  it('holds in the server: each module touches its own tables, reads others through a read model', () => {
    expect(ownershipViolations(SERVER_SRC)).toEqual([]);
  });

  it('gives every table of the database one owner', () => {
    const generated = readFileSync(path.join(SERVER_SRC, 'db/schema.generated.ts'), 'utf8');
    const tables = [...generated.slice(generated.indexOf('export interface DB {')).matchAll(/^ {2}([a-z_]+): /gm)].map((m) => m[1]);
    const owned = [...Object.values(OWNERS).flat(), ...INFRASTRUCTURE];
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((t) => !owned.includes(t!))).toEqual([]);
    expect(owned.length).toBe(new Set(owned).size);
  });

  it('fails a module that joins another module’s table, a service that builds a query, or a read model that writes', () => {
    const dir = writeTree('tables', {
      'modules/events/events.repository.ts':
        "db.selectFrom('events as e').leftJoin('appliances as a', 'a.id', 'e.appliance_id').leftJoin('ref_products as p', 'p.id', 'x')",
      'modules/events/events.service.ts': "db.selectFrom('events')",
      'modules/badges/badges.repository.ts': "db.insertInto('ref_products')",
      'read-models/x.ts': "db.updateTable('events')",
    });
    try {
      expect(ownershipViolations(dir)).toEqual([
        'modules/badges/badges.repository.ts: ref_products belongs to references: go through its service or a read model',
        'modules/events/events.repository.ts: appliances belongs to appliances: go through its service or a read model',
        'modules/events/events.service.ts: only a repository builds queries',
        'read-models/x.ts: events is written; a read model only reads',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
