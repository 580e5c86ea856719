import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { smtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_LEASE_MS, JobRunner } from './job-runner.ts';
import { MAIL_JOB, MailQueue, SERVER_PROBE_MS } from './mail-queue.ts';
import { createMailer, SMTP_WORST_SEND_MS } from './mailer.ts';

describe('mail that a silent or flaky SMTP server cannot stall nor double', () => {
  it('gives up a send to a server that accepts the connection and never answers, in seconds', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as { port: number };
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'EcoFoyer <no-reply@ecofoyer.local>',
        outboxDir: tmpdir(),
        timeoutMs: 300,
      });
      // nodemailer's own defaults wait minutes for the greeting: the test would time out.
      await expect(mailer.send({ to: 'louise@exemple.fr', subject: 'Test', text: 'Bonjour' })).rejects.toThrow(/timeout|greeting/i);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it('keeps, without an SMTP server, every mail to one address sent in the same millisecond as its own file, in the order they left', async () => {
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-outbox-'));
    const mailer = createMailer({ from: 'EcoFoyer <no-reply@ecofoyer.local>', outboxDir });
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_796_000_000_000);
    try {
      const subjects = Array.from({ length: 6 }, (_, i) => `Mail ${i + 1}`);
      for (const subject of subjects) await mailer.send({ to: 'meme@exemple.fr', subject, text: 'Bonjour' });
      const files = readdirSync(outboxDir).sort();
      expect(files).toHaveLength(6);
      expect(files.map((f) => /Subject: (Mail \d)/.exec(readFileSync(path.join(outboxDir, f), 'utf8'))?.[1])).toEqual(subjects);
    } finally {
      now.mockRestore();
    }
  });

  it('holds a lease longer than the slowest send can last (renewed besides), so no other replica takes the mail meanwhile', () => {
    expect(DEFAULT_LEASE_MS).toBeGreaterThan(SMTP_WORST_SEND_MS);
  });

  describe('through the queue', () => {
    let smtp: Awaited<ReturnType<typeof smtpCapture>>;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await smtpCapture();
      t = await createTestApp({ SMTP_URL: smtp.url });
    });
    afterAll(async () => {
      await t.app.close();
      await smtp.close();
    });

    /** The mail's job, as a process killed (SIGKILL) while it held it would leave it. */
    const heldByDeadProcess = (subject: string) =>
      t.db
        .updateTable('jobs')
        .set({ done_at: null, lease_owner: 'mort-1234', lease_until: new Date(t.clock.now().getTime() + DEFAULT_LEASE_MS) })
        .where('kind', '=', MAIL_JOB)
        .where(sql<boolean>`payload->>'id' in (select id::text from mail_queue where subject = ${subject})`)
        .execute();

    it('sends a mail sent again (accepted, then not marked sent) under the same Message-ID, one per queued mail', async () => {
      const queue = t.app.deps.mailer as MailQueue;
      expect(queue).toBeInstanceOf(MailQueue);
      await queue.send({ to: 'louise@exemple.fr', subject: 'Réinitialisation', text: 'Lien' });
      await queue.send({ to: 'louise@exemple.fr', subject: 'Autre', text: 'Autre mail' });
      await queue.drain();
      const first = smtp.mails.find((m) => m.subject === 'Réinitialisation')!;
      const other = smtp.mails.find((m) => m.subject === 'Autre')!;
      expect(first.messageId).toMatch(/^<ecofoyer-mail-\d+@ecofoyer\.local>$/);
      expect(other.messageId).not.toBe(first.messageId);
      // The process died between the server's « 250 » and its own « sent »: at its restart the mail goes again.
      await t.db.updateTable('mail_queue').set({ sent_at: null }).where('subject', '=', 'Réinitialisation').execute();
      await heldByDeadProcess('Réinitialisation');
      expect(await t.app.deps.runner.releaseLeases()).toBe(1);
      await queue.drain();
      const copies = smtp.mails.filter((m) => m.subject === 'Réinitialisation');
      expect(copies).toHaveLength(2);
      expect(copies[1]!.messageId).toBe(first.messageId);
      expect(smtp.mails.filter((m) => m.subject === 'Autre')).toHaveLength(1);
    });

    it('frees at once, at the start of PGlite’s only process, a mail the process before it was sending', async () => {
      const queue = t.app.deps.mailer as MailQueue;
      await queue.send({ to: 'louise@exemple.fr', subject: 'Réinitialisation du mot de passe', text: 'Lien' });
      await t.db
        .updateTable('jobs')
        .set({ lease_owner: 'mort-1234', lease_until: new Date(t.clock.now().getTime() + DEFAULT_LEASE_MS) })
        .where('kind', '=', MAIL_JOB)
        .where('done_at', 'is', null)
        .execute();
      // Its lease would hold it for a minute: no other worker sends it meanwhile.
      await queue.drain();
      expect(smtp.mails.filter((m) => m.subject === 'Réinitialisation du mot de passe')).toHaveLength(0);
      expect(await t.app.deps.runner.releaseLeases()).toBe(1);
      await queue.drain();
      expect(smtp.mails.filter((m) => m.subject === 'Réinitialisation du mot de passe')).toHaveLength(1);
    });

    it('writes the mail and its job in the transaction of the change it announces: rolled back, neither exists', async () => {
      const queue = t.app.deps.mailer as MailQueue;
      const jobsBefore = await t.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      await expect(
        t.db.transaction().execute(async (tx) => {
          const { UnitOfWork } = await import('./unit-of-work.ts');
          await queue.send({ to: 'annule@exemple.fr', subject: 'Jamais', text: 'Jamais' }, new UnitOfWork(tx));
          throw new Error('la modification échoue');
        }),
      ).rejects.toThrow('la modification échoue');
      expect(await t.db.selectFrom('mail_queue').select('id').where('to_address', '=', 'annule@exemple.fr').execute()).toEqual([]);
      const jobsAfter = await t.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(jobsAfter.n).toBe(jobsBefore.n);
    });

    it('sends nothing of an address forgotten (its account deleted) after it was queued', async () => {
      const queue = t.app.deps.mailer as MailQueue;
      await queue.send({ to: 'Oubli@exemple.fr', subject: 'Oublié', text: 'Jamais' });
      await MailQueue.forgetAddress(t.db, 'oubli@exemple.fr');
      await queue.drain();
      expect(smtp.mails.filter((m) => m.subject === 'Oublié')).toHaveLength(0);
    });
  });

  it('sends a reset mail within seconds of the mail server’s return, not after its backoff, without spending its attempts', async () => {
    let smtp = await smtpCapture();
    const port = Number(new URL(smtp.url).port);
    const t = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const queue = t.app.deps.mailer as MailQueue;
      // The runner works on its own, as start.ts has it.
      t.app.deps.runner.start();
      await smtp.close();
      await queue.send({ to: 'retour@exemple.fr', subject: 'Réinitialisation — retour du serveur', text: 'Lien' });
      await vi.waitFor(
        async () =>
          expect(
            (await t.db.selectFrom('mail_queue').select('attempts').where('to_address', '=', 'retour@exemple.fr').executeTakeFirstOrThrow())
              .attempts,
          ).toBe(1),
        { timeout: 20_000, interval: 50 },
      );
      const waiting = await t.db
        .selectFrom('mail_queue')
        .select(['attempts', 'next_attempt_at'])
        .where('to_address', '=', 'retour@exemple.fr')
        .executeTakeFirstOrThrow();
      expect(waiting.attempts).toBe(1);
      // Its backoff says a minute from now (the test's clock does not move): only the probe can send it sooner.
      expect(waiting.next_attempt_at.getTime()).toBeGreaterThan(t.clock.now().getTime());
      smtp = await smtpCapture(port);
      const back = Date.now();
      await vi.waitFor(() => expect(smtp.mails.map((m) => m.subject)).toEqual(['Réinitialisation — retour du serveur']), {
        timeout: 30_000,
        interval: 100,
      });
      expect(Date.now() - back).toBeLessThan(SERVER_PROBE_MS + 5000);
      // One failed attempt while the server was away, one that went: the probes spent none.
      await vi.waitFor(async () =>
        expect(
          (
            await t.db
              .selectFrom('mail_queue')
              .select(['attempts', 'sent_at'])
              .where('to_address', '=', 'retour@exemple.fr')
              .executeTakeFirstOrThrow()
          ).attempts,
        ).toBe(2),
      );
    } finally {
      await t.app.close();
      await smtp.close();
    }
  }, 60_000);

  it('sends each mail once when two replicas drain the same queue at the same time', async () => {
    const smtp = await smtpCapture();
    const t = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const transport = createMailer({ smtpUrl: smtp.url, from: 'EcoFoyer <no-reply@ecofoyer.local>', outboxDir: tmpdir() });
      const log = { info() {}, warn() {}, error() {} } as never;
      const runners = [new JobRunner(t.db, t.clock, log), new JobRunner(t.db, t.clock, log)];
      const replicas = runners.map((runner) => new MailQueue(t.db, transport, t.clock, log, runner));
      const subjects = Array.from({ length: 12 }, (_, i) => `Réinitialisation ${i + 1}`);
      for (const [i, subject] of subjects.entries()) await replicas[i % 2]!.send({ to: 'deux@exemple.fr', subject, text: 'Lien' });
      await Promise.all([...replicas.map((r) => r.drain()), ...replicas.map((r) => r.drain())]);
      expect(smtp.mails.map((m) => m.subject).sort()).toEqual(subjects.toSorted());
    } finally {
      await t.app.close();
      await smtp.close();
    }
  });
});
