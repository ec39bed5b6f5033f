import type { CommandPayload, PendingSummaryLine, State, SummaryDocument } from '#protocol';
import { SUMMARY_MAX_LINES } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { limaDateTime } from './lima-time.ts';

/** SUNAT's summary correlative: `RC-YYYYMMDD-n` with n of 1 to 5 digits (the RC file name's pattern). */
export const MAX_SUMMARY_NUMBER = 99_999;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** Summary order: boletas before the notes on them, then series, then number (numerically). */
function byDocument(a: PendingSummaryLine, b: PendingSummaryLine): number {
  const x = a.line;
  const y = b.line;
  return x.type.localeCompare(y.type) || x.series.localeCompare(y.series) || x.number - y.number;
}

/**
 * `einvoice.summarize`: numbers the daily summary (resumen diario, RC) of the
 * boletas and notes on boletas issued on `referenceDate` that still wait, and
 * plans its sending (the `einvoice.summary` job, reactions.ts), in one log
 * record. SUNAT's rules (ValidaExprRegSummary-1.1.0.xsl): the id's date is
 * the summary's issue date (2346), the reference date is not after it
 * (2671), the issue date is not after today (2236), at most 500 lines (0158).
 * So the summary is issued today (Lima, ctx.now), named `RC-<today>-<n>`
 * with n counted per issue day in `fiscalNumbers`, and only for a day that
 * has begun. More than 500 lines: the first 500 in order now, the rest in
 * the next summary.
 */
export function summarize(s: State, p: CommandPayload<'einvoice.summarize'>, ctx: DecideContext): Decision {
  const today = limaDateTime(ctx.now).date;
  if (!isCalendarDay(p.referenceDate) || p.referenceDate > today) return refuse('INVALID_DATE', 'referenceDate');
  const settings = s.fiscal;
  if (!settings) return refuse('FISCAL_SETTINGS_REQUIRED');
  const waiting = Object.values(s.pendingSummary).filter((pending) => pending.referenceDate === p.referenceDate);
  if (waiting.length === 0) return refuse('NOTHING_TO_SUMMARIZE', 'referenceDate');
  const taken = waiting.sort(byDocument).slice(0, SUMMARY_MAX_LINES);
  const counter = `RC-${today.replaceAll('-', '')}`;
  const number = (getOwn(s.fiscalNumbers, counter) ?? 0) + 1;
  if (number > MAX_SUMMARY_NUMBER) return refuse('FISCAL_SERIES_FULL', 'series');
  const summary: SummaryDocument = {
    id: `${counter}-${number}`,
    referenceDate: p.referenceDate,
    issueDate: today,
    issuer: { ruc: settings.ruc, legalName: settings.legalName, tradeName: settings.tradeName, address: { ...settings.address } },
    lines: taken.map((pending, i) => ({ ...pending.line, index: i + 1 })),
  };
  return accept([
    { type: 'fiscal.numbered', series: counter, number, billId: '' },
    { type: 'einvoice.summaryPlanned', summary, keys: taken.map((pending) => pending.key) },
  ]);
}
