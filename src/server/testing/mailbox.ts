/**
 * A real SMTP server on loopback (smtp-server) for the shop's SMTP_URL, in API tests and journeys: it accepts every
 * message, keeps it, and reads its plain-text and HTML parts the way a mail client would (MIME
 * multipart, quoted-printable or base64), so a journey can follow the links the shop sends.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The message's headers, unfolded, by lower-case name (the last of a repeated one). */
  headers: Map<string, string>;
  /** The decoded text/plain part ('' when there is none). */
  text: string;
  /** The decoded text/html part ('' when there is none). */
  html: string;
  raw: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The messages to `to` (case-insensitive) whose subject matches, oldest first. */
  to(address: string, subject?: RegExp): ReceivedMail[];
  /** Waits until `count` such messages have arrived and answers the `count`-th. */
  waitFor(
    address: string,
    subject: RegExp,
    options?: { count?: number; timeout?: number },
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with a certificate it refuses.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // Closing waits this long for the shop's pooled connections to hang up (30 s by default).
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, text, html } = readMessage(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeWords(headers.get('subject') ?? ''),
          headers,
          text,
          html,
          raw,
        });
        callback();
      });
    },
  });
  // A client cut off mid-message (a mailer killed on purpose, a shop stopped) is reported here as an
  // 'error' event (ECONNRESET); without a listener it would be an uncaught exception in the test run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  const to = (address: string, subject?: RegExp) =>
    received.filter((m) => m.to.includes(address.toLowerCase()) && (!subject || subject.test(m.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, subject, { count = 1, timeout = 15_000 } = {}) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = to(address, subject);
        if (found.length >= count) return found[count - 1]!;
        if (Date.now() > deadline) {
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ');
          throw new Error(
            `no e-mail #${count} to ${address} matching ${String(subject)} within ${timeout} ms; received:\n  ${seen}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Just enough MIME for the shop's own e-mails: headers, multipart bodies, transfer encodings.

/** Splits a message (or a part) into its unfolded headers (lower-case names) and its body. */
function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** A whole message's headers and its decoded text and HTML parts. */
export function readMessage(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const { headers, body } = splitPart(raw);
  const found = { text: '', html: '' };
  collect(headers, body, found);
  return { headers, ...found };
}

function collect(headers: Map<string, string>, body: string, found: { text: string; html: string }): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const { headers: partHeaders, body: partBody } = splitPart(part.replace(/^\r?\n/, ''));
      collect(partHeaders, partBody, found);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit');
  if (/^text\/html/i.test(type)) found.html ||= decoded;
  else if (/^text\/plain/i.test(type)) found.text ||= decoded;
}

/** HTML as text: tags kept, the entities a mail's HTML escapes turned back into characters. */
export function unescapeHtml(html: string): string {
  return html
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The shop link to `path` with a 43-character token in a text (any origin: PUBLIC_URL), or throws.
 * Answers the whole link and its path with the query.
 */
export function linkTo(path: string, text: string): { link: string; pathAndQuery: string; token: string } {
  const pattern = new RegExp(
    `https?://[^/\\s"'<>]+(${path.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]{43}))(?![A-Za-z0-9_-])`,
  );
  const match = pattern.exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return { link: match[0], pathAndQuery: match[1]!, token: match[2]! };
}
