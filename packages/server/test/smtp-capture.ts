import { once } from 'node:events';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free port (or on `port`: the same server back) that keeps every mail it receives, parsed (mailparser). */
export async function smtpCapture(port = 0): Promise<{ url: string; mails: ParsedMail[]; close: () => Promise<void> }> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${address.port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
