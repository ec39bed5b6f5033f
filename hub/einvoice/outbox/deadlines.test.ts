import { describe, expect, it } from 'vitest';
import { deadlineOf, deadlineState, type DeadlineInput } from './deadlines.ts';

describe('deadlines (the last day SUNAT must receive a document)', () => {
  const cases: [string, DeadlineInput, string][] = [
    ['factura today: 3 calendar days after the issue day', { kind: '01', day: '2026-05-10' }, '2026-05-13'],
    ['factura across a month end', { kind: '01', day: '2026-01-30' }, '2026-02-02'],
    ['factura across a leap day', { kind: '01', day: '2028-02-27' }, '2028-03-01'],
    ['factura issued the day R.S. 000003-2023 was published', { kind: '01', day: '2023-01-05' }, '2023-01-08'],
    ['factura the day before it (R.S. 150-2021: next day)', { kind: '01', day: '2023-01-04' }, '2023-01-05'],
    ['factura of 2021 (7 days)', { kind: '01', day: '2021-06-01' }, '2021-06-08'],
    ['boleta: 3 days, in its summary', { kind: '03', day: '2026-12-30' }, '2027-01-02'],
    ['note on a factura by reference', { kind: '07', day: '2026-05-10', corrects: '01', series: 'BC01' }, '2026-05-13'],
    ['note on a boleta by reference', { kind: '07', day: '2026-05-10', corrects: '03', series: 'FC01' }, '2026-05-13'],
    ['note on a factura by series letter', { kind: '07', day: '2022-06-01', series: 'FC01' }, '2022-06-02'],
    ['note on a boleta by series letter (boleta rule, not the factura one)', { kind: '07', day: '2022-06-01', series: 'BC01' }, '2022-06-04'],
    ['daily summary: its boletas\' day + 3', { kind: 'RC', day: '2026-05-10' }, '2026-05-13'],
    ['voiding: 7 days', { kind: 'RA', day: '2026-05-10' }, '2026-05-17'],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(deadlineOf(input)).toBe(expected);
  });

  const states: [string, string, string, 'overdue' | 'dueSoon' | 'later'][] = [
    ['the day after the deadline', '2026-05-13', '2026-05-14', 'overdue'],
    ['the deadline itself (inclusive)', '2026-05-13', '2026-05-13', 'dueSoon'],
    ['two days before', '2026-05-13', '2026-05-11', 'dueSoon'],
    ['three days before', '2026-05-13', '2026-05-10', 'later'],
  ];
  it.each(states)('%s', (_name, deadline, today, expected) => {
    expect(deadlineState(deadline, today)).toBe(expected);
  });
});
