import net from 'node:net';
import tls from 'node:tls';

/**
 * An SMTP server for tests, on 127.0.0.1 only: it speaks enough of RFC 5321
 * for the client (EHLO, STARTTLS, AUTH PLAIN / LOGIN, MAIL, RCPT, DATA with
 * dot-unstuffing, RSET, QUIT) and keeps what it received. It can also
 * misbehave on purpose: say nothing (a slow server), refuse recipients,
 * refuse every password.
 */

export type FakeSmtpOptions = {
  /** user → password; empty: AUTH is not offered. */
  users?: Record<string, string>;
  mechanisms?: ('PLAIN' | 'LOGIN')[];
  /** Offer STARTTLS with this key and certificate (PEM). */
  starttls?: { key: string; cert: string };
  /** Recipients answered 550. */
  refuse?: string[];
  /** Never send the greeting (the client must time out). */
  silent?: boolean;
  /** Answer every RCPT with 451 (try later). */
  busy?: boolean;
};

export type ReceivedMail = { from: string; to: string[]; data: string; user: string | null; secure: boolean };

export type FakeSmtp = { port: number; received: ReceivedMail[]; commands: string[]; close(): Promise<void> };

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, options, received, commands);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function converse(plain: net.Socket, o: FakeSmtpOptions, received: ReceivedMail[], commands: string[]): void {
  let socket: net.Socket = plain;
  let secure = false;
  let user: string | null = null;
  let mail: { from: string; to: string[] } | null = null;
  let data: string[] | null = null;
  let login: { step: 'user' | 'password'; name: string } | null = null;
  let buffer = '';
  const say = (line: string) => socket.write(`${line}\r\n`);
  const users = o.users ?? {};
  const mechanisms = o.mechanisms ?? ['PLAIN', 'LOGIN'];
  const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');

  const onLine = (line: string) => {
    if (data) {
      if (line === '.') {
        received.push({ from: mail!.from, to: mail!.to, data: data.join('\r\n') + '\r\n', user, secure });
        data = null;
        mail = null;
        return say('250 2.0.0 queued');
      }
      data.push(line.startsWith('.') ? line.slice(1) : line);
      return;
    }
    commands.push(line);
    if (login) {
      if (login.step === 'user') {
        login = { step: 'password', name: decode(line) };
        return say('334 UGFzc3dvcmQ6');
      }
      const ok = users[login.name] !== undefined && users[login.name] === decode(line);
      user = ok ? login.name : null;
      login = null;
      return say(ok ? '235 2.7.0 ok' : '535 5.7.8 authentication failed');
    }
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO' || verb === 'HELO') {
      const caps = ['250-fake.smtp.test hello', '250-SIZE 10485760', '250-8BITMIME'];
      if (o.starttls && !secure) caps.push('250-STARTTLS');
      if (Object.keys(users).length > 0) caps.push(`250-AUTH ${mechanisms.join(' ')}`);
      caps.push('250 HELP');
      return socket.write(caps.map((c) => `${c}\r\n`).join(''));
    }
    if (line.toUpperCase() === 'STARTTLS' && o.starttls) {
      say('220 2.0.0 ready for TLS');
      socket.removeAllListeners('data');
      const wrapped = new tls.TLSSocket(socket, { isServer: true, key: o.starttls.key, cert: o.starttls.cert });
      wrapped.on('error', () => wrapped.destroy());
      wrapped.on('data', onData);
      socket = wrapped;
      secure = true;
      return;
    }
    if (verb === 'AUTH') {
      const [, mech = '', initial] = line.split(' ');
      if (mech.toUpperCase() === 'PLAIN' && initial) {
        const [, name = '', password = ''] = decode(initial).split('\0');
        const ok = users[name] !== undefined && users[name] === password;
        user = ok ? name : null;
        return say(ok ? '235 2.7.0 ok' : '535 5.7.8 authentication failed');
      }
      if (mech.toUpperCase() === 'LOGIN') {
        login = { step: 'user', name: '' };
        return say('334 VXNlcm5hbWU6');
      }
      return say('504 5.5.4 mechanism not supported');
    }
    if (verb === 'MAIL') {
      if (Object.keys(users).length > 0 && !user) return say('530 5.7.0 authentication required');
      mail = { from: /<(.*)>/.exec(line)?.[1] ?? '', to: [] };
      return say('250 2.1.0 ok');
    }
    if (verb === 'RCPT') {
      const to = /<(.*)>/.exec(line)?.[1] ?? '';
      if (o.busy) return say('451 4.3.0 try later');
      if (o.refuse?.includes(to)) return say('550 5.1.1 no such user');
      if (!mail) return say('503 5.5.1 MAIL first');
      mail.to.push(to);
      return say('250 2.1.5 ok');
    }
    if (verb === 'DATA') {
      if (!mail || mail.to.length === 0) return say('503 5.5.1 RCPT first');
      data = [];
      return say('354 end with .');
    }
    if (verb === 'RSET') {
      mail = null;
      return say('250 2.0.0 ok');
    }
    if (verb === 'QUIT') {
      say('221 2.0.0 bye');
      return socket.end();
    }
    return say('502 5.5.2 unknown command');
  };

  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let at: number;
    while ((at = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      onLine(line);
    }
  };

  plain.on('error', () => plain.destroy());
  plain.on('data', onData);
  if (!o.silent) say('220 fake.smtp.test ESMTP');
}
