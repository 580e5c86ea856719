import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'ecofoyer-lock-')), 'pglite');

describe('one process per PGlite folder', () => {
  it('refuses a second open of the same folder until the first is closed', async () => {
    const dir = freshDir();
    const first = await openDatabase({ pgliteDir: dir });
    try {
      await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  });

  it('stops a second server on the same DATA_DIR at once with one clear line, no stack trace', async () => {
    const dataDir = path.dirname(freshDir());
    const release = lockDataDir(path.join(dataDir, 'pglite'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO: 'false', DATABASE_URL: '', SCHEDULER_INTERVAL_SECONDS: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(stderr).toContain(`déjà utilisée par le processus ${process.pid}`);
      expect(stderr).toContain('already used by process');
      expect(stderr).not.toMatch(/^\s+at /m);
    } finally {
      release();
    }
  });

  it('stops the household backup against a running server with the same one line, no stack trace', async () => {
    const dataDir = path.dirname(freshDir());
    const release = lockDataDir(path.join(dataDir, 'pglite'));
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/household-backup.ts',
          'export',
          '--email',
          'camille@exemple.fr',
          '--out',
          path.join(dataDir, 'b.tar.gz'),
        ],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(stderr).toContain(`déjà utilisée par le processus ${process.pid}`);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(path.join(dataDir, 'b.tar.gz'))).toBe(false);
    } finally {
      release();
    }
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: Number(gone), host: hostname(), since: '2026-01-01T00:00:00Z' }));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
