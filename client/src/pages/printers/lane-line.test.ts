import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { LaneStatus } from '#protocol';
import { printersEn } from './i18n/en.ts';
import { printersEs } from './i18n/es.ts';
import { printersZh } from './i18n/zh.ts';
import { laneLine } from './lane-line.ts';

const lane = (over: Partial<LaneStatus>): LaneStatus => ({ key: 'printer:p1', kind: 'print', printerId: 'p1', waiting: 0, running: 0, stuck: 0, nextAt: null, lastReason: null, ...over });

async function translator(lng: 'es' | 'en' | 'zh') {
  const i = i18next.createInstance();
  const resources = { es: printersEs, en: printersEn, zh: printersZh };
  await i.init({ lng, resources: { [lng]: { translation: resources[lng] } }, interpolation: { escapeValue: false } });
  return i.t;
}

describe('a printer card\'s queue line', () => {
  it.each([
    ['es', lane({ waiting: 3, stuck: 1 }), '3 esperando · 1 atascado'],
    // The one being tried counts as waiting (on a printer that is off it is tried again and again).
    ['es', lane({ waiting: 1, running: 1, stuck: 2 }), '2 esperando · 2 atascados'],
    ['es', lane({ running: 1 }), '1 esperando'],
    ['en', lane({ waiting: 3, stuck: 1 }), '3 waiting · 1 stuck'],
    ['zh', lane({ waiting: 3, stuck: 1 }), '3 张等待中 · 1 张卡住'],
    ['es', lane({}), ''],
    ['es', undefined, ''],
  ] as const)('%s: %j reads "%s"', async (lng, l, text) => {
    expect(laneLine(await translator(lng), l)).toBe(text);
  });
});
