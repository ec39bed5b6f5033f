import type { ErrorCode, Health, RestoreReply, RestoreStatus, RestoreUploadReply } from '#protocol';
import { api, type ApiResult } from '../../auth/api.ts';

type Refused = { ok: false; code: ErrorCode; retryAfter: number };
type Answer = { code?: ErrorCode } & Partial<RestoreUploadReply>;

/**
 * POST /api/setup/restore/upload: the backup file as raw bytes with the claim
 * code in a header. XMLHttpRequest rather than fetch: only it reports the
 * upload's progress, and a year's backup over a phone's Wi-Fi takes a while.
 */
export function uploadBackup(file: Blob, claimCode: string, onProgress: (fraction: number) => void): Promise<{ ok: true; body: RestoreUploadReply } | Refused> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/setup/restore/upload');
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('x-claim-code', claimCode.trim());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: Answer | null;
      try {
        json = JSON.parse(xhr.responseText) as Answer;
      } catch {
        json = null;
      }
      if (xhr.status === 200 && json?.ok) resolve({ ok: true, body: json as RestoreUploadReply });
      else resolve({ ok: false, code: json?.code ?? (xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL'), retryAfter: Number(xhr.getResponseHeader('retry-after') ?? 0) });
    };
    xhr.onerror = () => resolve({ ok: false, code: 'LINK_ERROR', retryAfter: 0 });
    xhr.send(file);
  });
}

/** POST /api/setup/restore: the hub checks every byte and stages it (no short time limit: a large backup takes a minute on a Pi). */
export function restoreUpload(claimCode: string, upload: string, passphrase: string): Promise<ApiResult<RestoreReply>> {
  return api('POST', '/api/setup/restore', { claimCode: claimCode.trim(), upload, passphrase }, 600_000);
}

/** How far the hub's check got (0 to 1), null when it cannot say. */
export async function checkProgress(): Promise<number | null> {
  const r = await api<RestoreStatus>('GET', '/api/setup/restore', undefined, 3000);
  return r.ok ? r.body.checked : null;
}

/** The store the hub answers with now (null while it is away): the restored hub answers with the backup's. */
export async function answeringStore(): Promise<string | null> {
  const r = await api<Health>('GET', '/api/health', undefined, 3000);
  return r.ok ? r.body.storeId : null;
}
