import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { JobContext, JobRunner } from './job-runner.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { inTransaction, type UnitOfWork } from './unit-of-work.ts';

const MINUTE = 60_000;
/** Attempts before a mail is given up (logged, kept with its last error): about 4 h of retries. */
export const MAIL_MAX_ATTEMPTS = 8;
/** Wait before attempt n + 1: 1, 2, 4 … minutes, at most an hour. */
export const mailBackoffMs = (attempts: number) => Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, attempts - 1));
/** While the mail server cannot be reached, how often a worker asks whether it is back (a connection and its greeting). */
export const SERVER_PROBE_MS = 5000;
/** Mails handed to the server at once by one process. */
const SENDERS = 2;
/** The job that sends one queued mail (payload: its row's id). */
export const MAIL_JOB = 'mail.send';
/** nodemailer's codes of a server that cannot be reached, as opposed to a mail it refused. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

/**
 * The mail queue: `send` writes the mail and its job (`mail.send`, on the job runner, decision 028)
 * in one transaction — the caller's when it gives one, so a mail exists exactly when the change it
 * announces does — and returns; an HTTP answer never waits for the mail server. The runner sends it
 * once across replicas (its lease, renewed while the send lasts), again after a SIGKILL (a lease of a
 * dead process ends; PGlite's are released at start), and retries a failure with `mailBackoffMs`
 * until MAIL_MAX_ATTEMPTS. Every send of a mail carries the same Message-ID (`ecofoyer-mail-<id>`):
 * a mail the server accepted but the process could not mark sent goes again, recognisably.
 */
export class MailQueue implements Mailer {
  /** Asks the mail server every SERVER_PROBE_MS while it cannot be reached (`serverDown`). */
  private probe: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly runner: JobRunner,
  ) {
    runner.define<{ id: string }>(MAIL_JOB, {
      maxAttempts: MAIL_MAX_ATTEMPTS,
      backoffMs: mailBackoffMs,
      concurrency: SENDERS,
      run: ({ id }, context) => this.deliver(id, context),
    });
  }

  async send(message: MailMessage, unit?: UnitOfWork): Promise<void> {
    if (!unit) return inTransaction(this.db, (own) => this.send(message, own));
    const now = this.clock.now();
    const { id } = await unit.tx
      .insertInto('mail_queue')
      .values({
        to_address: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html ?? null,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        forget_when_sent: message.forgetWhenSent ?? false,
        created_at: now,
        next_attempt_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.runner.enqueue(MAIL_JOB, { id: String(id) }, { unit });
  }

  /** Sends every due mail (and runs the other due jobs); resolves when nothing is due (tests await it). */
  drain(): Promise<void> {
    return this.runner.drain();
  }

  /** Erases every mail to an address, sent or not (its account is being deleted), in the caller's transaction; their jobs find nothing to send. */
  static async forgetAddress(db: Db, address: string): Promise<void> {
    await db.deleteFrom('mail_queue').where(sql`lower(to_address)`, '=', address.toLowerCase()).execute();
  }

  /** Drops mails sent more than 30 days ago (hourly); given-up mails stay for the operator. */
  async purgeSent(): Promise<void> {
    await this.db
      .deleteFrom('mail_queue')
      .where('sent_at', '<', new Date(this.clock.now().getTime() - 30 * 24 * 3_600_000))
      .execute();
  }

  /** No more probes (the app closes). */
  async idle(): Promise<void> {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  /**
   * The mail server could not be reached: rather than leave the mails to their backoff (a reset link
   * waiting minutes after the server is back), the worker asks the server every SERVER_PROBE_MS and,
   * once it answers, the mails waiting are due at once (their attempts are kept).
   */
  private serverDown(): void {
    const verify = this.transport.verify?.bind(this.transport);
    if (this.probe || !verify) return;
    let asking = false;
    this.probe = setInterval(() => {
      if (asking) return;
      asking = true;
      verify()
        .then(async () => {
          if (this.probe) clearInterval(this.probe);
          this.probe = null;
          await this.runner.retryNow(MAIL_JOB);
          this.log.info('mail server back: the waiting mails go now');
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    }, SERVER_PROBE_MS);
    this.probe.unref();
  }

  /** One attempt at one mail (its job's); throws to be retried after its backoff. */
  private async deliver(id: string, { attempt }: JobContext): Promise<void> {
    const mail = await this.db
      .selectFrom('mail_queue')
      .select(['id', 'to_address', 'subject', 'body', 'html', 'headers', 'forget_when_sent'])
      .where('id', '=', id as never)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirst();
    // Forgotten (its account was deleted) or already sent: nothing to do.
    if (!mail) return;
    try {
      await this.transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
        messageKey: `ecofoyer-mail-${mail.id}`,
      });
    } catch (error) {
      const giveUp = attempt >= MAIL_MAX_ATTEMPTS;
      const at = this.clock.now();
      if (giveUp && mail.forget_when_sent) await this.db.deleteFrom('mail_queue').where('id', '=', mail.id).execute();
      else
        await this.db
          .updateTable('mail_queue')
          .set({
            attempts: attempt,
            last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
            next_attempt_at: new Date(at.getTime() + mailBackoffMs(attempt)),
            failed_at: giveUp ? at : null,
          })
          .where('id', '=', mail.id)
          .execute();
      if (UNREACHABLE.has(String((error as { code?: unknown })?.code))) this.serverDown();
      throw error;
    }
    if (mail.forget_when_sent) await this.db.deleteFrom('mail_queue').where('id', '=', mail.id).execute();
    else await this.db.updateTable('mail_queue').set({ sent_at: this.clock.now(), attempts: attempt }).where('id', '=', mail.id).execute();
  }
}
