import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/database.ts';
import { devMailboxRepository } from './dev-mailbox.repository.ts';
import { bareAddress, parseMail } from './mime.ts';

export interface MailCatcher {
  host: string;
  port: number;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/**
 * The development mail catcher: a real SMTP server on a random loopback port that keeps every
 * message in the dev_mailbox table (one row per recipient), so that the dev mailbox API of
 * any process shows it. smtp-server's bundled certificate has expired, so STARTTLS is off.
 */
export async function startMailCatcher(db: Db, onError: (error: unknown) => void): Promise<MailCatcher> {
  const mailbox = devMailboxRepository(db);
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'dev' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const to = recipients.length > 0 ? recipients : [bareAddress(mail.to)];
        Promise.all(to.map((recipient) => mailbox.insert({ channel: 'email', recipient, subject: mail.subject, text: mail.text, html: mail.html })))
          .then(() => callback())
          .catch((error: unknown) => {
            onError(error);
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      });
    },
  });
  server.on('error', onError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('mail catcher: no port');
  return {
    host: '127.0.0.1',
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
