import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { parseMail, type ParsedMail } from '../src/modules/messaging/mime.ts';

export interface CaughtMail extends ParsedMail {
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  raw: string;
}

/**
 * A real SMTP server for one test file (smtp-server on a loopback port, STARTTLS off: its
 * bundled certificate has expired). Point the app at `url` (SMTP_URL) and read what it sent.
 */
export async function testMailServer() {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({ ...parseMail(raw), recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://test:secret@127.0.0.1:${address.port}`,
    messages,
    /** Messages to an address, oldest first. */
    to(address: string): CaughtMail[] {
      return messages.filter((m) => m.recipients.includes(address.toLowerCase()));
    },
    /** The newest message to an address (fails the test when there is none). */
    last(address: string): CaughtMail {
      const list = this.to(address);
      const mail = list[list.length - 1];
      if (!mail) throw new Error(`no mail to ${address} (have: ${messages.map((m) => m.recipients.join(',')).join(' | ')})`);
      return mail;
    },
  };
}

/** The first link in the text part whose path starts with `path`. */
export function linkIn(mail: { text: string }, path: string): string {
  const found = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path));
  if (!found) throw new Error(`no ${path} link in:\n${mail.text}`);
  return found;
}

/** The token parameter of that link. */
export function tokenIn(mail: { text: string }, path: string): string {
  const token = new URL(linkIn(mail, path)).searchParams.get('token');
  if (!token) throw new Error('link without token');
  return token;
}

/** The 6-digit code of a code message. */
export function codeIn(message: { text: string }): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in:\n${message.text}`);
  return code;
}
