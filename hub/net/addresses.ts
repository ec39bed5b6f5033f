import { networkInterfaces } from 'node:os';

/**
 * The URLs a person can open: each IPv4 address on the shop network first (a
 * phone cannot open "localhost"), then localhost (this machine only).
 */
export function serveUrls(host: string, port: number): string[] {
  const local = `http://localhost:${port}/`;
  if (host !== '0.0.0.0' && host !== '::') return host === '127.0.0.1' || host === 'localhost' ? [local] : [`http://${host}:${port}/`];
  const urls: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) urls.push(`http://${a.address}:${port}/`);
  }
  return [...urls, local];
}

/**
 * The setup page of the hub at `url`, with the claim code in the fragment
 * (a browser never sends the fragment, so the code is in no request or log).
 * The setup slip's QR code and `DATA/claim.txt` carry it.
 */
export function setupLink(url: string, claimCode: string): string {
  return `${url.endsWith('/') ? url : `${url}/`}#/pages/setup/index?code=${encodeURIComponent(claimCode)}`;
}
