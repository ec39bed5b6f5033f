import type { PrintDocument, PrintHistoryItem } from '#protocol';
import { api, type ApiResult } from '../../auth/api.ts';

/** GET /api/printers/:id/history: the printer's jobs, newest first, `before` a job's time for the next page. */
export function fetchHistory(printerId: string, before?: string): Promise<ApiResult<{ jobs: PrintHistoryItem[]; more: boolean }>> {
  const q = before ? `?before=${encodeURIComponent(before)}` : '';
  return api('GET', `/api/printers/${encodeURIComponent(printerId)}/history${q}`);
}

/** One printout the virtual printer kept. */
export type PaperPrintout = { jobId?: string; at: string; document: PrintDocument };

/** GET /api/printers/:id/paper: the virtual printer's latest printouts, newest first. */
export function fetchPaper(printerId: string): Promise<ApiResult<{ printouts: PaperPrintout[] }>> {
  return api('GET', `/api/printers/${encodeURIComponent(printerId)}/paper`);
}

/** GET /api/printers/usb: the USB printer devices plugged into the hub now. */
export function fetchUsbPrinters(): Promise<ApiResult<{ paths: string[] }>> {
  return api('GET', '/api/printers/usb');
}
