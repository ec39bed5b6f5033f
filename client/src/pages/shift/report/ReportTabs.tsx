import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ShiftReport } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import type { shiftEs } from '../i18n/es.ts';

type Col = keyof typeof shiftEs.shift.report.cols;

/** SPEC.md section 2 "Shift tabs", and section 3's "member recharge details" (issue 22). */
export const REPORT_TABS = ['transactions', 'products', 'categories', 'tables', 'hours', 'units', 'recharges'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

type Table = { head: string[]; rows: { key: string; cells: ReactNode[] }[] };

/** The rows of one tab: bills of the shift, then sales by dish, category, table, hour and unit. */
function tableOf(tab: ReportTab, r: ShiftReport, t: TFunction, hour: (iso: string) => string): Table {
  const f = r.figures;
  const c = (k: Col) => t(`shift.report.cols.${k}`);
  switch (tab) {
    case 'transactions':
      return {
        head: [c('bill'), c('table'), c('time'), c('total')],
        rows: r.transactions.map((x) => ({
          key: x.billId,
          cells: [
            <>
              {`N.º ${x.billNo}`}
              {x.withdrawn && <small className="shift-tag">{t('shift.report.withdrawnTag')}</small>}
              {x.onAccount && <small className="shift-tag">{t('shift.report.onAccountTag')}</small>}
              {x.refundedCents > 0 && <small className="shift-tag">{t('shift.report.refundedTag', { amount: formatSoles(x.refundedCents) })}</small>}
            </>,
            // A takeout's bill has no table: its order code and channel instead (issue 21).
            x.tableName || (x.takeoutCode ? `${x.takeoutCode} · ${t(`collect.channels.${x.channel ?? 'counter'}`)}` : '—'),
            hour(x.paidAt),
            formatSoles(x.totalCents),
          ],
        })),
      };
    case 'products':
      return { head: [c('dish'), c('qty'), c('amount')], rows: f.byDish.map((d) => ({ key: d.key, cells: [d.name, String(d.qty), formatSoles(d.cents)] })) };
    case 'categories':
      return {
        head: [c('category'), c('bills'), c('amount')],
        rows: f.byCategory.map((x) => ({ key: x.key, cells: [x.key === 'custom' ? t('shift.report.custom') : x.name || '—', String(x.bills), formatSoles(x.cents)] })),
      };
    case 'tables':
      return { head: [c('table'), c('bills'), c('people'), c('amount')], rows: f.byTable.map((x) => ({ key: x.key, cells: [x.name, String(x.bills), String(x.people), formatSoles(x.cents)] })) };
    case 'hours':
      return {
        head: [c('hour'), c('bills'), c('people'), c('amount')],
        rows: f.byHour.filter((h) => h.bills > 0).map((h) => ({ key: h.key, cells: [`${h.key}:00`, String(h.bills), String(h.people), formatSoles(h.cents)] })),
      };
    case 'units':
      return { head: [c('dish'), c('unit'), c('qty'), c('amount')], rows: r.units.map((u) => ({ key: u.key, cells: [u.name, u.unit || '—', String(u.qty), formatSoles(u.cents)] })) };
    case 'recharges':
      // Each recharge order of the shift; the order no and cashier under its time, the proof (operation no /
      // certificate) under its method, a bonus under the money: four columns fit a 360 px phone, five did not.
      return {
        head: [c('time'), c('member'), c('method'), c('amount')],
        rows: (r.rechargeDetails ?? []).map((x) => ({
          key: x.entryId,
          cells: [
            <>
              {hour(x.at)}
              <small className="shift-tag">{t('shift.report.rechargeOrder', { no: x.orderNo })}</small>
              <small className="shift-tag">{t('shift.report.rechargeBy', { name: x.cashier || '—' })}</small>
            </>,
            <>
              {x.memberNo}
              <small className="shift-tag">{x.memberName || t('shift.report.memberErased')}</small>
            </>,
            <>
              {t(`shift.report.rechargeMethods.m${x.method}`)}
              {(x.bank || x.reference) && <small className="shift-tag">{[x.bank, x.reference].filter(Boolean).join(' · ')}</small>}
            </>,
            <>
              {formatSoles(x.amountCents)}
              {x.bonusCents > 0 && <small className="shift-tag">{t('shift.report.rechargeBonus', { amount: formatSoles(x.bonusCents) })}</small>}
            </>,
          ],
        })),
      };
  }
}

/** The report's tabs, one table each; the first column names the row, the others are figures. */
export function ReportTabs(props: { report: ShiftReport }) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<ReportTab>('transactions');
  const hour = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit' });
  const table = tableOf(tab, props.report, t, hour);
  return (
    <div className="shift-report-tabs">
      <div className="shift-tab-row" role="tablist" data-testid="shift-report-tabs">
        {REPORT_TABS.map((k) => (
          <button key={k} role="tab" aria-selected={k === tab} className={`btn${k === tab ? ' btn-primary' : ''}`} onClick={() => setTab(k)} data-testid={`shift-tab-${k}`}>
            {t(`shift.report.tabs.${k}`)}
          </button>
        ))}
      </div>
      {table.rows.length === 0 ? (
        <p className="hint">{t('shift.report.empty')}</p>
      ) : (
        <table className="shift-count shift-report-table" data-testid={`shift-table-${tab}`}>
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
