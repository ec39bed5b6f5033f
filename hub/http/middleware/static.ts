import path from 'node:path';
import type { Middleware } from 'koa';
import { acceptedEncodings } from '../accept-encoding.ts';
import type { AssetSource } from '../assets.ts';
import { HttpError } from '../http-error.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** Text types the build precompresses (client/precompress.ts): only these are looked up as `.br`/`.gz`. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest']);

/**
 * Serves the client. Routing is by hash, so any other path gets the page
 * itself (SPEC: unknown routes go to the root). Hashed bundles are cached for
 * good; the page is always revalidated so an update reaches every device.
 * A text file goes out as its precompressed `.br` or `.gz` twin when the
 * browser accepts that encoding (a phone on a busy Wi-Fi gets a quarter of
 * the bytes); the type and caching are the original file's.
 */
export function staticMiddleware(assets: AssetSource): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/socket.io')) {
      return next();
    }
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path).replace(/^\/+/, '');
    } catch {
      // A broken %-escape is a bad request, not a hub failure.
      throw new HttpError('INCORRECT_INPUT', 'path');
    }
    const file = rel && !rel.endsWith('/') ? await assets.get(rel) : null;
    const body = file ?? (await assets.get('index.html'));
    if (!body) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The client is not built. Run: npm run build';
      return;
    }
    const ext = file ? path.extname(rel) : '.html';
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    ctx.set('cache-control', file && rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (COMPRESSIBLE.has(ext)) {
      // Caches between here and the browser must keep one copy per encoding.
      ctx.vary('Accept-Encoding');
      for (const { coding, suffix } of acceptedEncodings(ctx.get('accept-encoding'))) {
        const packed = await assets.get((file ? rel : 'index.html') + suffix);
        if (!packed) continue;
        ctx.set('content-encoding', coding);
        ctx.body = packed;
        return;
      }
    }
    ctx.body = body;
  };
}
