import type { CertificateReply, SendSettingsReply, SendSettingsRequest } from '#protocol';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/einvoice/certificate: the stored certificate, or null. */
export function fetchCertificate(): Promise<ApiResult<CertificateReply>> {
  return api('GET', '/api/einvoice/certificate');
}

/** Reads a chosen file as base64 (the PKCS#12 goes to the hub inside JSON). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** PUT /api/einvoice/certificate: the file and its password; the answer describes what is now stored. */
export function uploadCertificate(p12Base64: string, password: string): Promise<ApiResult<CertificateReply>> {
  return api('PUT', '/api/einvoice/certificate', { p12Base64, password });
}

/** DELETE /api/einvoice/certificate. */
export function removeCertificate(): Promise<ApiResult<CertificateReply>> {
  return api('DELETE', '/api/einvoice/certificate');
}

/** GET /api/einvoice/sol: where documents go and the SOL user (the password only as "set"). */
export function fetchSendSettings(): Promise<ApiResult<SendSettingsReply>> {
  return api('GET', '/api/einvoice/sol');
}

/** PUT /api/einvoice/sol: no password keeps the stored one. */
export function saveSendSettings(req: SendSettingsRequest): Promise<ApiResult<SendSettingsReply>> {
  return api('PUT', '/api/einvoice/sol', req);
}
