import { describe, expect, it } from 'vitest';
import { ERROR_CODES, TABLE_STATUS_LIST } from '#protocol';
import { mergeTexts } from './define.ts';
import { EN_FEATURES } from './languages/en.ts';
import { ES_FEATURES, es } from './languages/es-all.ts';
import { ZH_FEATURES } from './languages/zh.ts';

const en = mergeTexts(EN_FEATURES);
const zh = mergeTexts(ZH_FEATURES);

type Tree = { [key: string]: string | Tree };

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree as Tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const holes = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();
const features = Object.keys(ES_FEATURES) as (keyof typeof ES_FEATURES)[];
const others = [
  ['en', EN_FEATURES],
  ['zh', ZH_FEATURES],
] as const;

describe('translations, feature by feature', () => {
  it('every language has exactly the Spanish features', () => {
    for (const [, lang] of others) expect(Object.keys(lang).sort()).toEqual([...features].sort());
  });

  for (const feature of features) {
    it.each(others)(`${feature}: %s has every Spanish key, none empty, no extra, the same placeholders`, (_lang, lang) => {
      const base = leaves(ES_FEATURES[feature]);
      const other = leaves(lang[feature]);
      expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
      for (const [key, text] of base) expect(text.trim(), `es ${key}`).not.toBe('');
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        expect(holes(text), key).toBe(holes(base.get(key) ?? ''));
      }
    });
  }

  it('no two features claim the same top-level key (one would hide the other)', () => {
    const owners = new Map<string, string>();
    for (const feature of features) {
      for (const key of Object.keys(ES_FEATURES[feature])) {
        expect(owners.get(key), `${feature} and ${owners.get(key)} both define ${key}`).toBeUndefined();
        owners.set(key, feature);
      }
    }
    expect(() => mergeTexts({ a: { same: { x: '1' } }, b: { same: { y: '2' } } })).toThrow(/"a" and "b" both define "same"/);
  });

  it('each whole language is its features side by side', () => {
    for (const [tree, parts] of [
      [es, ES_FEATURES],
      [en, EN_FEATURES],
      [zh, ZH_FEATURES],
    ] as const) {
      const fromParts = new Map<string, string>();
      for (const part of Object.values(parts)) for (const [k, v] of leaves(part)) fromParts.set(k, v);
      expect(leaves(tree)).toEqual(fromParts);
    }
  });

  it('has a text for every error code the hub can send', () => {
    for (const code of ERROR_CODES) expect(es.errors[code], code).toBeTruthy();
  });

  it('has a label for every table status', () => {
    for (const s of TABLE_STATUS_LIST) expect(es.status[String(s) as keyof typeof es.status]).toBeTruthy();
  });
});
