import type { ErrorCode } from '#protocol';

/** An API answer: the body, or the hub's code (LINK_ERROR when the hub could not be reached). */
export type ApiResult<T> = { ok: true; body: T } | { ok: false; code: ErrorCode; message: string; retryAfter: number };

/** SPEC.md section 7: the request layer gives up after 60 s. */
const TIMEOUT_MS = 60_000;

/**
 * JSON to and from the hub's sign-in, setup and staff routes. Cookies go
 * along by themselves (same origin); the hub's refusals come back as codes
 * the page translates, never as thrown errors.
 */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, timeoutMs = TIMEOUT_MS): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, code: 'LINK_ERROR', message: '', retryAfter: 0 };
  }
  const json = (await res.json().catch(() => null)) as ({ ok?: boolean; code?: ErrorCode; message?: string } & T) | null;
  if (res.ok && json) return { ok: true, body: json };
  const code = json?.code ?? (res.status >= 500 ? 'INTERNAL' : 'LINK_ERROR');
  return { ok: false, code, message: json?.message ?? '', retryAfter: Number(res.headers.get('retry-after') ?? 0) };
}
