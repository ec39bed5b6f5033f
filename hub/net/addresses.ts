import { networkInterfaces } from 'node:os';

/** The URLs a person can open: localhost and each IPv4 address on the shop network. */
export function serveUrls(host: string, port: number): string[] {
  const urls = [`http://localhost:${port}/`];
  if (host !== '0.0.0.0' && host !== '::') return host === '127.0.0.1' || host === 'localhost' ? urls : [`http://${host}:${port}/`];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) urls.push(`http://${a.address}:${port}/`);
  }
  return urls;
}
