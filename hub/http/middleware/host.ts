import type { Middleware } from 'koa';
import type { HostCheck } from '#hub/net/host-names.ts';
import { serveUrls } from '#hub/net/addresses.ts';

/** The refusal page's words, in the hub's three languages (a person reads them before any page of ours loads). */
const PAGE_TEXT = [
  {
    lang: 'es',
    title: 'Abra el sistema por su dirección',
    body: 'Este sistema solo responde en sus propias direcciones. Ábralo con una de estas, o pida al dueño que agregue este nombre en Personal › Seguridad:',
  },
  {
    lang: 'en',
    title: 'Open the hub by its address',
    body: 'This hub answers only at its own addresses. Open it with one of these, or ask the owner to add this name under Staff › Security:',
  },
  {
    lang: 'zh',
    title: '请通过系统的地址打开',
    body: '本系统只响应自己的地址。请使用以下地址之一打开，或请店主在“员工 › 安全”中添加此名称：',
  },
] as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a person sees after typing a name the hub does not answer to. */
function refusalPage(port: number): string {
  const links = serveUrls('0.0.0.0', port)
    .map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`)
    .join('');
  const sections = PAGE_TEXT.map((t) => `<section lang="${t.lang}"><h1>${t.title}</h1><p>${t.body}</p><ul>${links}</ul></section>`).join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${PAGE_TEXT[0].title}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">${sections}</body></html>`;
}

/**
 * First door of every request, before the API and the client's files: a Host
 * that is not one of the hub's own names (a DNS-rebinding page) gets
 * `421 HOST_REFUSED`. An API call gets the usual `{ok:false, code}`; a page
 * navigation gets a short page in es/en/zh with the addresses to open.
 */
export function hostMiddleware(isOwnHost: HostCheck): Middleware {
  return async (ctx, next) => {
    if (isOwnHost(ctx.req.headers.host)) return next();
    ctx.status = 421;
    ctx.set('cache-control', 'no-store');
    if (!ctx.path.startsWith('/api/') && ctx.accepts('json', 'html') === 'html') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = refusalPage(ctx.req.socket.localPort ?? 8080);
      return;
    }
    ctx.body = { ok: false, code: 'HOST_REFUSED', message: '' };
  };
}
