import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HASHING_NICE, hashingThreadIds, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Correct1!cheval');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct1!cheval')).toBe(true);
    expect(await verifyPassword(hash, 'Correct1!chevaL')).toBe(false);
    expect(await verifyPassword('pas-un-hash', 'Correct1!cheval')).toBe(false);
    expect(await verifyPassword(null, 'Correct1!cheval')).toBe(false);
  });

  it('runs concurrent hashes to completion, each with its own salt', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`Mot${i}!dePasse`)));
    expect(new Set(hashes).size).toBe(6);
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(h, `Mot${i}!dePasse`)))).toEqual(Array(6).fill(true));
  });

  it.runIf(process.platform === 'linux')('hashes on threads of lower CPU priority than the event loop', async () => {
    await hashPassword('x');
    const tids = await hashingThreadIds();
    expect(tids.length).toBeGreaterThan(0);
    for (const tid of tids) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      expect(nice).toBe(HASHING_NICE);
    }
    const main = readFileSync('/proc/thread-self/stat', 'utf8');
    expect(Number(main.slice(main.lastIndexOf(')') + 2).split(' ')[16])).toBeLessThan(HASHING_NICE);
  });
});
