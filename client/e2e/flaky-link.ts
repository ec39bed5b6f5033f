import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A link between one browser and the hub that the test can cut, like a
 * phone losing the Wi-Fi: while cut, the live channel (socket.io) is refused
 * and open sockets are dropped; plain page loads still pass, so a reload
 * shows what the device kept in its own storage. Listens on 127.0.0.1 only.
 */
export class FlakyLink {
  private server: Server;
  private live = new Set<Socket>();
  private cut = false;
  readonly ready: Promise<string>;

  constructor(hubPort: number) {
    this.server = createServer((req, res) => {
      if (this.cut && req.url?.startsWith('/socket.io')) {
        res.writeHead(503).end();
        return;
      }
      const upstream = request({ host: '127.0.0.1', port: hubPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    this.server.on('upgrade', (req, socket: Socket, head) => {
      if (this.cut) return socket.destroy();
      const up = connect(hubPort, '127.0.0.1', () => {
        const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
        up.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
        up.write(head);
        socket.pipe(up).pipe(socket);
      });
      const drop = () => {
        socket.destroy();
        up.destroy();
        this.live.delete(socket);
      };
      socket.on('error', drop).on('close', drop);
      up.on('error', drop).on('close', drop);
      this.live.add(socket);
    });
    this.ready = new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`)));
  }

  /** Drops the live channel and refuses it until `restore`. */
  sever(): void {
    this.cut = true;
    for (const s of this.live) s.destroy();
  }

  restore(): void {
    this.cut = false;
  }

  close(): Promise<void> {
    this.sever();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
