import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { lazyModule } from './lazy-module.ts';
import type { UnitOfWork } from './unit-of-work.ts';

const nodemailer = lazyModule(async () => (await import('nodemailer')).default);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text one (reminders). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
  /** A queue erases it once it has left (or was given up) instead of keeping it 30 days: the mail to an account just deleted. */
  forgetWhenSent?: boolean;
  /**
   * The left part of its Message-ID, the same at every attempt (the queue's row): a mail the server
   * accepted but that was not marked sent goes again under the same Message-ID, which clients merge.
   */
  messageKey?: string;
}

/**
 * How long the SMTP transport waits for the connection and the server's greeting (and three times that
 * for any later answer): seconds, not nodemailer's default minutes, so a silent server fails a send
 * quickly and the queue retries later instead of stalling every mail behind it.
 */
export const SMTP_TIMEOUT_MS = 10_000;
/** The longest an SMTP send can take before it fails: connection, greeting, then the socket's silence. */
export const SMTP_WORST_SEND_MS = 5 * SMTP_TIMEOUT_MS;

export interface Mailer {
  /**
   * `unit`: the transaction of the change the mail announces (a transactional outbox): the mail is
   * queued in it, so it exists if and only if the change is committed, and leaves after the commit.
   */
  send(message: MailMessage, unit?: UnitOfWork): Promise<void>;
  /** Resolves when the mail server answers (a connection and its greeting), rejects otherwise; none for the outbox folder. */
  verify?(): Promise<void>;
}

/**
 * Real mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file in DATA_DIR/outbox (nodemailer builds the same MIME message either way).
 */
/** The outbox files of this process, numbered in the order they are written. */
let outboxSeq = 0;

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; timeoutMs?: number }): Mailer {
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'ecofoyer.local';
  const mime = ({ messageKey, forgetWhenSent: _, ...message }: MailMessage) => ({
    from: options.from,
    ...message,
    ...(messageKey ? { messageId: `<${messageKey}@${domain}>` } : {}),
  });
  // nodemailer loads with the first mail, not at start.
  let transport: Transporter | undefined;
  const smtpUrl = options.smtpUrl;
  const smtp = async () => {
    const timeout = options.timeoutMs ?? SMTP_TIMEOUT_MS;
    transport ??= (await nodemailer()).createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: 3 * timeout,
    });
    return transport;
  };
  const deliver = smtpUrl
    ? async (message: MailMessage) => {
        await (await smtp()).sendMail(mime(message));
      }
    : async (message: MailMessage) => {
        transport ??= (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
        const info = await transport.sendMail(mime(message));
        await mkdir(options.outboxDir, { recursive: true });
        const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
        // Two mails to one address in one millisecond (the queue sends several at once) are two files:
        // the sequence number keeps them apart and in the order they left; 'wx' never overwrites one.
        outboxSeq += 1;
        const file = path.join(options.outboxDir, `${Date.now()}-${String(outboxSeq).padStart(8, '0')}-${safeTo}.eml`);
        await writeFile(file, info.message as Buffer, { flag: 'wx' });
      };
  return {
    // Without a queue, a mail of a transaction leaves once it is committed.
    async send(message, unit) {
      if (unit) unit.afterCommit(() => deliver(message));
      else await deliver(message);
    },
    ...(smtpUrl
      ? {
          async verify() {
            await (await smtp()).verify();
          },
        }
      : {}),
  };
}
