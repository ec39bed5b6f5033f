import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#protocol';
import { emptyState } from '#domain';
import { activitySummary } from './activity-summary.ts';

const entry = (detail: ActivityEntry['detail']): ActivityEntry => ({ seq: 1, at: '2025-03-14T19:30:00.000Z', staffId: 's1', deviceId: 'd1', type: 'order.send', detail });
const label = (no: number) => `B${no}`;

describe('activitySummary', () => {
  it.each([
    ['the recorded table and dishes, once the order is gone', { orderId: 'o1', tableName: 'S4', dishes: '2× Ceviche' }, 'es', 'S4 · 2× Ceviche'],
    ['the dishes in the reader\'s language', { orderId: 'o1', tableName: 'S4', dishes: '2× Ceviche', 'dishes.zh': '2× 酸橘汁腌鱼' }, 'zh', 'S4 · 2× 酸橘汁腌鱼'],
    ['Spanish when the language has none', { tableName: 'S4', dishes: '1× Chicha' }, 'en', 'S4 · 1× Chicha'],
    ['an older entry without names: the table id', { tableId: 't-x' }, 'es', 't-x'],
  ])('%s', (_name, detail, lang, expected) => {
    expect(activitySummary(entry(detail), emptyState(), label, lang)).toBe(expected);
  });
});
