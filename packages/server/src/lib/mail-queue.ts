import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import type { UnitOfWork } from './unit-of-work.ts';

const MINUTE = 60_000;
/** Attempts before a mail is given up (logged, kept with its last error): about 4 h of retries. */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * How long a worker owns the mail it took: longer than any send can last (SMTP_WORST_SEND_MS), so no
 * other worker or replica sends it meanwhile; short, so a mail a killed process had taken waits little.
 */
export const CLAIM_MS = 2 * MINUTE;
/** Wait before attempt n + 1: 1, 2, 4 … minutes, at most an hour. */
export const mailBackoffMs = (attempts: number) => Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, attempts - 1));
/** While the mail server cannot be reached, how often a worker asks whether it is back (a connection and its greeting). */
export const SERVER_PROBE_MS = 5000;
/** nodemailer's codes of a server that cannot be reached, as opposed to a mail it refused. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

/**
 * The mail queue: `send` only inserts the mail and wakes the worker; the worker takes
 * due mails (claimed with SKIP LOCKED, so replicas never send one twice), hands them to the real
 * transport (SMTP, or the .eml outbox in development) and retries failures with backoff. An HTTP
 * answer therefore takes as long whether a mail leaves or not, and never waits for the mail server.
 */
export class MailQueue implements Mailer {
  private running: Promise<void> | null = null;
  private again = false;
  /** Asks the mail server every SERVER_PROBE_MS while it cannot be reached (`serverDown`). */
  private probe: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: Mailer,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage, unit?: UnitOfWork): Promise<void> {
    const now = this.clock.now();
    await (unit?.tx ?? this.db)
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
      .execute();
    // In a transaction, the worker would not see the row before the commit.
    if (unit) unit.afterCommit(() => void this.drain());
    else void this.drain();
  }

  /** Sends every due mail; resolves when the queue has nothing due left (tests and shutdown await it). */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.sendBatch()) > 0);
        } while (this.again);
      } catch (error) {
        this.log.error({ err: error }, 'mail queue: drain failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Erases every mail to an address, sent or not (its account is being deleted), in the caller's transaction. */
  static async forgetAddress(db: Db, address: string): Promise<void> {
    await db.deleteFrom('mail_queue').where(sql`lower(to_address)`, '=', address.toLowerCase()).execute();
  }

  /**
   * At the start of the only process of a database (PGlite), a mail claimed by the process before
   * it is free at once: that process is gone, and its claim would hold a reset mail for 2 minutes.
   * A mail it had handed to the server but not marked sent goes again under its same Message-ID.
   */
  async releaseClaims(): Promise<number> {
    const result = await this.db
      .updateTable('mail_queue')
      .set({ locked_until: null })
      .where('sent_at', 'is', null)
      .where('locked_until', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Drops mails sent more than 30 days ago (hourly); given-up mails stay for the operator. */
  async purgeSent(): Promise<void> {
    await this.db
      .deleteFrom('mail_queue')
      .where('sent_at', '<', new Date(this.clock.now().getTime() - 30 * 24 * 3_600_000))
      .execute();
  }

  /** Resolves once the drain in progress, if any, is over (the app awaits it before closing its database); no more probes. */
  async idle(): Promise<void> {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    while (this.running) await this.running;
  }

  /**
   * The mail server could not be reached: rather than leave the mails to their backoff (a reset link
   * waiting minutes after the server is back), the worker asks the server every SERVER_PROBE_MS and,
   * once it answers, sends every mail waiting at once (their attempts are not spent meanwhile).
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
          const now = this.clock.now();
          await this.db
            .updateTable('mail_queue')
            .set({ next_attempt_at: now })
            .where('sent_at', 'is', null)
            .where('failed_at', 'is', null)
            .where('next_attempt_at', '>', now)
            .execute();
          this.log.info('mail server back: the waiting mails go now');
          await this.drain();
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    }, SERVER_PROBE_MS);
    this.probe.unref();
  }

  /** Claims the next due mail (one at a time: its claim covers its own send only), sends it; returns how many it took. */
  private async sendBatch(): Promise<number> {
    const now = this.clock.now();
    const due = await sql<{
      id: string;
      to_address: string;
      subject: string;
      body: string;
      html: string | null;
      headers: string | null;
      attempts: number;
      forget_when_sent: boolean;
    }>`
      update mail_queue set locked_until = ${new Date(now.getTime() + CLAIM_MS)}
      where id in (
        select id from mail_queue
        where sent_at is null and failed_at is null and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
        order by id limit 1 for update skip locked
      )
      returning id, to_address, subject, body, html, headers, attempts, forget_when_sent`.execute(this.db);
    for (const mail of due.rows) {
      try {
        await this.transport.send({
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
          messageKey: `ecofoyer-mail-${mail.id}`,
        });
        if (mail.forget_when_sent) await this.db.deleteFrom('mail_queue').where('id', '=', mail.id).execute();
        else
          await this.db
            .updateTable('mail_queue')
            .set({ sent_at: this.clock.now(), locked_until: null, attempts: mail.attempts + 1 })
            .where('id', '=', mail.id)
            .execute();
      } catch (error) {
        const attempts = mail.attempts + 1;
        const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
        const at = this.clock.now();
        if (giveUp && mail.forget_when_sent) await this.db.deleteFrom('mail_queue').where('id', '=', mail.id).execute();
        else
          await this.db
            .updateTable('mail_queue')
            .set({
              attempts,
              locked_until: null,
              last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
              next_attempt_at: new Date(at.getTime() + mailBackoffMs(attempts)),
              failed_at: giveUp ? at : null,
            })
            .where('id', '=', mail.id)
            .execute();
        this.log[giveUp ? 'error' : 'warn']({ err: error, mailId: mail.id, attempts }, giveUp ? 'mail given up' : 'mail will be retried');
        if (UNREACHABLE.has(String((error as { code?: unknown })?.code))) this.serverDown();
      }
    }
    return due.rows.length;
  }
}
