// A real SMTP peer for tests (the `smtp-server` package) and a small MIME reader, so a
// test can check what actually went over the wire: the parts, their decoded bytes.
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** 0 (default): any free port. A fixed port brings a peer back where a stopped one was. */
  port?: number;
  /** Recipients this peer refuses with a permanent 550, as a mailbox that does not exist. */
  rejects?: (address: string) => boolean;
  /** A slow mail server: each message is acknowledged this many ms after it arrived. */
  delayMs?: number;
}

export function startSmtpPeer({ port = 0, rejects, delayMs = 0 }: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    size: 20 * 1024 * 1024,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (rejects?.(address.address)) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        if (delayMs > 0) setTimeout(() => callback(), delayMs);
        else callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: bound,
        url: `smtp://127.0.0.1:${bound}`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

export interface MimeLeaf {
  /** Lower-cased header names; continuation lines unfolded. */
  headers: Record<string, string>;
  contentType: string;
  filename: string | undefined;
  /** The decoded body. */
  content: Buffer;
  text(): string;
}

function splitHead(entity: string): { headers: Record<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at === -1 ? entity : entity.slice(0, at);
  const body = at === -1 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return m?.[1];
}

/** Quoted-printable to bytes: soft line breaks joined, =XX escapes decoded. */
export function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** Every leaf part of a raw message (read as latin1), multiparts walked depth first. */
export function mimeLeaves(raw: string): MimeLeaf[] {
  const { headers, body } = splitHead(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = body.split(`--${boundary}`);
    // pieces[0] is the preamble; the last starts with "--" (the epilogue).
    return pieces
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => mimeLeaves(p.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  }
  const content = decode(body, headers['content-transfer-encoding']);
  return [
    {
      headers,
      contentType: type.split(';')[0]!.trim().toLowerCase(),
      filename: param(headers['content-disposition'], 'filename') ?? param(type, 'name'),
      content,
      text: () => content.toString('utf8'),
    },
  ];
}

/** Width and height from a PNG's IHDR chunk (which must come first after the signature). */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature) || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
