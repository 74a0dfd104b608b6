/**
 * A real SMTP server on loopback for tests of e-mail flows: the shop sends through SMTP_URL, the
 * test reads what arrived (plain-text and HTML parts, decoded) and follows the links in it.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded body of the part with this content type (or of the whole message). */
function part(raw: string, type: 'text/plain' | 'text/html'): string {
  const sections = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const section of sections) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = section.slice(0, split);
    if (!new RegExp(`content-type:\\s*${type}`, 'i').test(headers)) continue;
    let body = section
      .slice(split)
      .trim()
      .replace(/\r?\n--[^\r\n]+--\s*$/, '');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) body = decodeQuotedPrintable(body);
    else if (/content-transfer-encoding:\s*base64/i.test(headers)) {
      body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    return body;
  }
  return '';
}

function decodeSubject(raw: string): string {
  const header = /^subject:\s*((?:.*)(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')))
    .replace(/=\?utf-8\?B\?([^?]*)\?=/gi, (_, b: string) => Buffer.from(b, 'base64').toString('utf8'))
    .replace(/\?=\s+=\?/g, '')
    .trim();
}

export async function startSmtpInbox() {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // Closing waits this long for the shop's pooled connections to hang up.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeSubject(raw),
          text: part(raw, 'text/plain'),
          html: part(raw, 'text/html'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Every message to this address so far. */
    to: (address: string) => received.filter((email) => email.to.includes(address.toLowerCase())),
    /** Waits for the `count`-th message to this address (1 = the first). */
    async waitFor(address: string, count = 1, ms = 20_000): Promise<ReceivedEmail> {
      const until = Date.now() + ms;
      for (;;) {
        const messages = received.filter((email) => email.to.includes(address.toLowerCase()));
        if (messages.length >= count) return messages[count - 1]!;
        if (Date.now() > until) throw new Error(`no e-mail #${count} to ${address} within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;

/** The first link to `path` (with its token) in a message's text. */
export function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(match[0]);
}
