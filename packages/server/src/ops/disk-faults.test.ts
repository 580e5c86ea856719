import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { multipart, PNG } from '../../test/multipart.ts';
import { startServer, tempDataDir } from '../../test/server-process.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { diskState } from '../lib/disk.ts';
import { LocalFileStore } from '../lib/file-store.ts';

const users = (id: number) => `/api/V1/profils/users/${id}`;
const failing = (code: string) => async () => {
  throw Object.assign(new Error(`${code}: refused by the system`), { code });
};

describe('a disk full or read-only', () => {
  it('removes a file’s partial write at once when the disk is full mid-write', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ecofoyer-full-'));
    try {
      const store = new LocalFileStore(root);
      const key = 'users/1/photo.png';
      mkdirSync(path.join(root, 'users/1'), { recursive: true });
      // The partial write lands on /dev/full: every write there fails with ENOSPC, as on a full disk.
      symlinkSync('/dev/full', path.join(root, `${key}.part`));
      await expect(store.put(key, PNG)).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(readdirSync(path.join(root, 'users/1'))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('says the data folder is full below the free space the largest uploads need', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-state-'));
    try {
      expect(await diskState(dir, Date.now(), 0)).toBe('ok');
      expect(await diskState(dir, Date.now() + 5000, Number.MAX_SAFE_INTEGER)).toBe('full');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('through the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.app.close();
    });

    it('answers an upload 507 « Plus de place sur le serveur » (503 when read-only) and saves nothing', async () => {
      const me = await signedInUser(t, 'disque-plein@exemple.fr');
      const u = await multipart({ name: 'Garage' });
      const universe = (
        await t.app.inject({
          method: 'POST',
          url: `${users(me.id)}/foyers/univers`,
          headers: { ...me.headers, ...u.headers },
          payload: u.payload,
        })
      ).json().univer_id as number;
      const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json() as {
        id: number;
        prodName: string;
      }[];
      const washer = products.find((p) => p.prodName === 'Lave-linge')!.id;
      const store = t.app.services.files.fileStore;
      const put = store.put;
      onTestFinished(() => {
        store.put = put;
      });
      for (const [code, status, message, answerCode] of [
        ['ENOSPC', 507, API_MSG.diskFull, 'DISK_FULL'],
        ['EROFS', 503, API_MSG.diskReadOnly, 'READ_ONLY'],
      ] as const) {
        store.put = failing(code);
        const body = await multipart({
          data: JSON.stringify({ prod_id: washer, marque: 'Bosch', modele: code }),
          pict: { filename: 'photo.png', data: PNG, type: 'image/png' },
        });
        const res = await t.app.inject({
          method: 'POST',
          url: `${users(me.id)}/foyers/univers/${universe}/appliances`,
          headers: { ...me.headers, ...body.headers },
          payload: body.payload,
        });
        expect([res.statusCode, res.json()]).toEqual([status, { message, code: answerCode }]);
      }
      expect((await t.app.inject({ url: `${users(me.id)}/appliances`, headers: me.headers })).json()).toEqual([]);
    });

    it('says the state of the data folder in /api/health', async () => {
      expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', db: 'ok', disk: 'ok' });
    });
  });

  it('keeps serving when its log cannot be written (stdout on a full disk): the line is lost, not the server', async () => {
    const dataDir = tempDataDir('log-full');
    const full = openSync('/dev/full', 'w');
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_REQUESTS: 'true' }, { stdout: full });
    onTestFinished(async () => {
      await server.stop();
      closeSync(full);
      rmSync(dataDir, { recursive: true, force: true });
    });
    // Each request logs a line; an unknown address logs its 404 too.
    for (let i = 0; i < 20; i++) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/nulle-part-${i}`)).status).toBe(404);
    }
    expect(server.child.exitCode).toBeNull();
    expect(existsSync(dataDir)).toBe(true);
  }, 120_000);
});
