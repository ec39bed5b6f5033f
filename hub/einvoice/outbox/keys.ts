import type { StoredKind } from './types.ts';

/**
 * What may name a document in the store: a Lima day (the folder) and a key
 * (the file name after the RUC). Both come from URLs too (the documents
 * page), so they are checked against exact shapes before they touch a path:
 * `../x`, `__proto__`, a slash or a NUL never reach the file system.
 */

/** 01/03/07 "TT-SERIE-N" (SUNAT's file name without the RUC), RC/RA "RC-YYYYMMDD-n". */
const FISCAL_KEY = /^(01|03|07)-[A-Z0-9]{4}-[1-9]\d{0,7}$/;
const COMMUNICATION_KEY = /^(RC|RA)-\d{8}-[1-9]\d{0,4}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whether `key` is a document key the store could hold. */
export function isDocumentKey(key: string): boolean {
  return FISCAL_KEY.test(key) || COMMUNICATION_KEY.test(key);
}

/** The kind a key names (its first part); null for anything that is not a key. */
export function kindOfKey(key: string): StoredKind | null {
  if (!isDocumentKey(key)) return null;
  return key.slice(0, 2) as StoredKind;
}

/** An 11-digit RUC, as it starts every file name. */
export function isRuc(ruc: string): boolean {
  return /^\d{11}$/.test(ruc);
}

/** `day` moved by `days` calendar days (UTC arithmetic on a date: no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` inclusive (empty when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
