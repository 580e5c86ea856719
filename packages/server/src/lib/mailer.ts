import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { lazyModule } from './lazy-module.ts';

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
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file in DATA_DIR/outbox (nodemailer builds the same MIME message either way).
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  // nodemailer loads with the first mail, not at start.
  let transport: Transporter | undefined;
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    return {
      async send(message) {
        transport ??= (await nodemailer()).createTransport(smtpUrl);
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      transport ??= (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(options.outboxDir, `${Date.now()}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
    },
  };
}
