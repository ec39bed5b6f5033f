import net from 'node:net';
import tls from 'node:tls';
import { MailError, type MailErrorCode } from './errors.ts';
import { checkAddress, dotStuff } from './mime.ts';

/**
 * A small SMTP client (RFC 5321) on node:net and node:tls: EHLO, STARTTLS
 * (RFC 3207) when the settings ask for it (never silently skipped: a server
 * that does not offer it is an error), AUTH PLAIN or LOGIN (RFC 4954),
 * MAIL / RCPT / DATA with dot-stuffing, QUIT. One message per connection:
 * the export sends a handful a day. Every wait has a time limit; every
 * failure is a classified MailError (errors.ts).
 */

export type SmtpSecurity = 'none' | 'starttls' | 'tls';

export type SmtpServer = { host: string; port: number; security: SmtpSecurity; user: string; password: string };

export type SmtpOptions = {
  /** Longest wait for the connection, and for each of the server's replies (ms). */
  timeoutMs?: number;
  /** The name we give in EHLO. */
  clientName?: string;
  /** Extra TLS options (tests pass their own CA; certificates are always checked). */
  tls?: Pick<tls.ConnectionOptions, 'ca'>;
};

type Reply = { code: number; text: string; lines: string[] };

/** A reply longer than this is not SMTP (a hostile or confused server): the connection is dropped. */
const MAX_REPLY_BYTES = 64 * 1024;

class Session {
  private socket: net.Socket;
  private buffer = '';
  private lines: string[] = [];
  private replies: Reply[] = [];
  private waiter: { resolve: (r: Reply) => void; reject: (e: MailError) => void } | null = null;
  private failure: MailError | null = null;

  private readonly timeoutMs: number;

  constructor(socket: net.Socket, timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    this.socket = socket;
    this.attach(socket);
  }

  private attach(socket: net.Socket): void {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => this.fail(classifySocketError(err)));
    socket.on('close', () => this.fail(new MailError('MAIL_UNREACHABLE', 'connection closed')));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    if (this.buffer.length > MAX_REPLY_BYTES) return this.fail(new MailError('MAIL_PROTOCOL', 'reply too long'));
    let at: number;
    while ((at = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, at).replace(/\r$/, '');
      this.buffer = this.buffer.slice(at + 1);
      const m = /^(\d{3})([ -]|$)(.*)$/.exec(line);
      if (!m) return this.fail(new MailError('MAIL_PROTOCOL', line.slice(0, 200)));
      this.lines.push(m[3]!);
      if (m[2] === '-') continue;
      const reply = { code: Number(m[1]), text: line.slice(0, 200), lines: this.lines };
      this.lines = [];
      if (this.waiter) {
        const w = this.waiter;
        this.waiter = null;
        w.resolve(reply);
      } else this.replies.push(reply);
    }
  }

  private fail(err: MailError): void {
    if (!this.failure) this.failure = err;
    this.socket.destroy();
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w.reject(this.failure);
    }
  }

  /** The next reply, or MAIL_TIMEOUT when the server says nothing in time. */
  read(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new MailError('MAIL_TIMEOUT')), this.timeoutMs);
      this.waiter = {
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
  }

  /** Sends a command line (never one with a line break in it) and reads the reply. */
  async command(line: string): Promise<Reply> {
    if (/[\r\n]/.test(line)) throw new MailError('MAIL_HEADER_INJECTION');
    this.socket.write(`${line}\r\n`);
    return this.read();
  }

  write(data: string): void {
    this.socket.write(data, 'utf8');
  }

  /** Wraps the plain connection in TLS after STARTTLS (RFC 3207 §4). */
  async upgrade(host: string, extra: SmtpOptions['tls']): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.removeAllListeners('error');
    const secure = await openTls({ socket: plain, servername: tlsName(host), ...extra }, this.timeoutMs);
    this.socket = secure;
    this.attach(secure);
  }

  close(): void {
    if (!this.failure) {
      this.failure = new MailError('MAIL_UNREACHABLE', 'closed');
      this.socket.end('QUIT\r\n');
      setTimeout(() => this.socket.destroy(), 1000).unref();
    } else this.socket.destroy();
  }
}

/** Connection errors: refused, unreachable, reset → try later; a certificate problem → the owner. */
function classifySocketError(err: NodeJS.ErrnoException): MailError {
  const code = err.code ?? '';
  if (/CERT|SELF_SIGNED|UNABLE_TO|ERR_SSL|ERR_TLS|HOSTNAME/i.test(code)) return new MailError('MAIL_TLS_FAILED', code);
  return new MailError('MAIL_UNREACHABLE', code || err.message.slice(0, 200));
}

/** SNI takes a host name, never an IP address. */
function tlsName(host: string): string | undefined {
  return net.isIP(host) ? undefined : host;
}

function openTls(options: tls.ConnectionOptions, timeoutMs: number): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ ...options, rejectUnauthorized: true, minVersion: 'TLSv1.2' });
    const timer = setTimeout(() => (socket.destroy(), reject(new MailError('MAIL_TIMEOUT', 'tls'))), timeoutMs);
    socket.once('secureConnect', () => (clearTimeout(timer), socket.removeAllListeners('error'), resolve(socket)));
    socket.once('error', (err) => (clearTimeout(timer), socket.destroy(), reject(classifySocketError(err))));
  });
}

function openPlain(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => (socket.destroy(), reject(new MailError('MAIL_TIMEOUT', 'connect'))), timeoutMs);
    socket.once('connect', () => (clearTimeout(timer), socket.removeAllListeners('error'), resolve(socket)));
    socket.once('error', (err) => (clearTimeout(timer), socket.destroy(), reject(classifySocketError(err))));
  });
}

/** A reply that is not the one expected, classified: 4xx "try later", 5xx by the step that got it. */
function expect(reply: Reply, ok: (code: number) => boolean, refusal: MailErrorCode): void {
  if (ok(reply.code)) return;
  if (reply.code >= 400 && reply.code < 500) throw new MailError('MAIL_TEMPORARY', reply.text);
  throw new MailError(refusal, reply.text);
}

const is = (...codes: number[]) => (c: number) => codes.includes(c);

/** The capabilities an EHLO reply lists (upper case keywords with their parameters). */
function capabilities(reply: Reply): Map<string, string> {
  const caps = new Map<string, string>();
  for (const line of reply.lines.slice(1)) {
    const [word = '', ...rest] = line.trim().split(/\s+/);
    caps.set(word.toUpperCase(), rest.join(' ').toUpperCase());
  }
  return caps;
}

async function authenticate(s: Session, caps: Map<string, string>, user: string, password: string): Promise<void> {
  const mechanisms = (caps.get('AUTH') ?? '').split(' ');
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const authOk = is(235);
  if (mechanisms.includes('PLAIN')) {
    expect(await s.command(`AUTH PLAIN ${b64(`\0${user}\0${password}`)}`), authOk, 'MAIL_AUTH_FAILED');
    return;
  }
  if (mechanisms.includes('LOGIN')) {
    expect(await s.command('AUTH LOGIN'), is(334), 'MAIL_AUTH_FAILED');
    expect(await s.command(b64(user)), is(334), 'MAIL_AUTH_FAILED');
    expect(await s.command(b64(password)), authOk, 'MAIL_AUTH_FAILED');
    return;
  }
  throw new MailError('MAIL_AUTH_UNSUPPORTED', caps.get('AUTH') ?? '');
}

/**
 * Sends one message (`data`: the whole RFC 5322 text, CR LF lines) from
 * `from` to every address of `to`. Resolves with the server's final reply;
 * rejects with a MailError. A recipient the server refuses stops the whole
 * send (RSET): the owner fixes the list rather than some mails going out.
 */
export async function sendMail(server: SmtpServer, envelope: { from: string; to: readonly string[] }, data: string, options: SmtpOptions = {}): Promise<{ reply: string }> {
  checkAddress(envelope.from);
  envelope.to.forEach(checkAddress);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const socket = server.security === 'tls' ? await openTls({ host: server.host, port: server.port, servername: tlsName(server.host), ...options.tls }, timeoutMs) : await openPlain(server.host, server.port, timeoutMs);
  const s = new Session(socket, timeoutMs);
  try {
    expect(await s.read(), is(220), 'MAIL_REJECTED');
    const name = options.clientName ?? 'pos-hub.local';
    let hello = await s.command(`EHLO ${name}`);
    expect(hello, is(250), 'MAIL_PROTOCOL');
    if (server.security === 'starttls') {
      if (!capabilities(hello).has('STARTTLS')) throw new MailError('MAIL_TLS_UNAVAILABLE');
      expect(await s.command('STARTTLS'), is(220), 'MAIL_TLS_UNAVAILABLE');
      await s.upgrade(server.host, options.tls);
      hello = await s.command(`EHLO ${name}`);
      expect(hello, is(250), 'MAIL_PROTOCOL');
    }
    if (server.user) await authenticate(s, capabilities(hello), server.user, server.password);
    expect(await s.command(`MAIL FROM:<${envelope.from}>`), is(250), 'MAIL_REJECTED');
    for (const to of envelope.to) {
      const reply = await s.command(`RCPT TO:<${to}>`);
      if (reply.code >= 500) {
        await s.command('RSET').catch(() => undefined);
        throw new MailError('MAIL_RECIPIENT_REJECTED', `${to}: ${reply.text}`);
      }
      expect(reply, is(250, 251), 'MAIL_RECIPIENT_REJECTED');
    }
    expect(await s.command('DATA'), is(354), 'MAIL_REJECTED');
    const body = dotStuff(data.endsWith('\r\n') ? data : `${data}\r\n`);
    s.write(`${body}.\r\n`);
    const done = await s.read();
    expect(done, is(250), 'MAIL_REJECTED');
    return { reply: done.text };
  } finally {
    s.close();
  }
}

/**
 * Whether the server answers now: connects (TLS when the settings say so),
 * reads the greeting and says QUIT. Sends nothing, signs in to nothing: the
 * export's paused mail lane asks this before it tries again.
 */
export async function probeSmtp(server: Pick<SmtpServer, 'host' | 'port' | 'security'>, options: SmtpOptions = {}): Promise<boolean> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    const socket = server.security === 'tls' ? await openTls({ host: server.host, port: server.port, servername: tlsName(server.host), ...options.tls }, timeoutMs) : await openPlain(server.host, server.port, timeoutMs);
    const s = new Session(socket, timeoutMs);
    try {
      return (await s.read()).code === 220;
    } finally {
      s.close();
    }
  } catch {
    return false;
  }
}
