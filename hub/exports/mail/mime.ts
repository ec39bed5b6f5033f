import { MailError } from './errors.ts';

/**
 * The message the export mails: RFC 5322 headers, a multipart/mixed body
 * (RFC 2046) with the text as UTF-8 quoted-printable and each attachment as
 * base64 in lines of 76 characters (RFC 2045 §6.7, §6.8); the subject as
 * RFC 2047 encoded words when it is not plain ASCII. Lines end in CR LF.
 * Nothing a header carries may hold CR or LF: a subject or an address with
 * one is refused (MAIL_HEADER_INJECTION), never cleaned, so nobody can add a
 * Bcc or a second message through the settings or a file name.
 */

export type MailAttachment = { name: string; content: Buffer; type?: string };
export type MailContent = { subject: string; text: string; attachments: readonly MailAttachment[] };
export type Envelope = { from: string; to: readonly string[] };

const CRLF = '\r\n';

/** An address as the settings allow it: local@domain, printable ASCII, no brackets, quotes, spaces or line breaks. */
export const ADDRESS = /^[A-Za-z0-9.!#$%'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Throws MAIL_HEADER_INJECTION for a value that would break out of its header. */
export function headerSafe(value: string): string {
  if (/[\r\n\u0000]/.test(value)) throw new MailError('MAIL_HEADER_INJECTION');
  return value;
}

export function checkAddress(address: string): string {
  headerSafe(address);
  if (!ADDRESS.test(address) || address.length > 254) throw new MailError('MAIL_ADDRESS_INVALID');
  return address;
}

/** RFC 2047 "B" encoded words of at most 75 characters, never splitting a character's UTF-8 bytes. */
export function encodeWords(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text) && !text.includes('=?')) return text;
  const words: string[] = [];
  let chunk = '';
  for (const ch of text) {
    // 45 bytes make 60 base64 characters: 60 + 12 of "=?UTF-8?B?" and "?=" stays under 75.
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(`${CRLF} `);
}

/** Base64 in lines of 76 characters (RFC 2045 §6.8). */
export function base64Lines(bytes: Buffer): string {
  const text = bytes.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 76) lines.push(text.slice(i, i + 76));
  return lines.join(CRLF);
}

/** Quoted-printable (RFC 2045 §6.7) of UTF-8 text; line breaks become CR LF, lines soft-broken under 76. */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const bytes = Buffer.from(line, 'utf8');
      let out = '';
      let width = 0;
      bytes.forEach((b, i) => {
        const last = i === bytes.length - 1;
        const plain = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last);
        const piece = plain ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
        if (width + piece.length > 75) {
          out += `=${CRLF}`;
          width = 0;
        }
        out += piece;
        width += piece.length;
      });
      return out;
    })
    .join(CRLF);
}

/** A file name as the Content-Disposition parameter: quoted ASCII, or RFC 2231 UTF-8 percent-encoding. */
function fileNameParam(name: string): string {
  headerSafe(name);
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)) return `filename="${name}"`;
  const encoded = [...Buffer.from(name, 'utf8')].map((b) => (/[A-Za-z0-9._-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
  return `filename*=UTF-8''${encoded}`;
}

/**
 * The whole message as SMTP's DATA carries it (before dot-stuffing).
 * `boundary` and `messageId` come from the caller (random there) so the
 * builder stays a function of its input.
 */
export function buildMessage(envelope: Envelope, content: MailContent, meta: { date: Date; boundary: string; messageId: string }): string {
  checkAddress(envelope.from);
  envelope.to.forEach(checkAddress);
  headerSafe(content.subject);
  const headers = [
    `From: ${envelope.from}`,
    `To: ${envelope.to.join(', ')}`,
    `Subject: ${encodeWords(content.subject)}`,
    `Date: ${meta.date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${headerSafe(meta.messageId)}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${meta.boundary}"`,
  ];
  const parts = [
    [`--${meta.boundary}`, 'Content-Type: text/plain; charset=UTF-8', 'Content-Transfer-Encoding: quoted-printable', '', quotedPrintable(content.text)].join(CRLF),
    ...content.attachments.map((a) =>
      [
        `--${meta.boundary}`,
        `Content-Type: ${headerSafe(a.type ?? 'application/octet-stream')}`,
        'Content-Transfer-Encoding: base64',
        `Content-Disposition: attachment; ${fileNameParam(a.name)}`,
        '',
        base64Lines(a.content),
      ].join(CRLF),
    ),
  ];
  return `${headers.join(CRLF)}${CRLF}${CRLF}${parts.join(CRLF)}${CRLF}--${meta.boundary}--${CRLF}`;
}

/** SMTP's transparency (RFC 5321 §4.5.2): a line starting with "." gets another in front. */
export function dotStuff(message: string): string {
  return message.replace(/(^|\r\n)\./g, '$1..');
}
