import { describe, expect, it } from 'vitest';
import { ERROR_CODES, TABLE_STATUS_LIST } from '../../../hub/protocol/index.ts';
import { es } from './es.ts';
import { messagesFor } from './resources.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

// The trees exactly as i18next receives them: core texts plus each feature under its key.
const all = (lang: 'es' | 'en' | 'zh'): Tree => messagesFor(lang) as unknown as Tree;
const base = leaves(all('es'));

describe('translations', () => {
  it.each([
    ['en', all('en')],
    ['zh', all('zh')],
  ])('%s has every Spanish key, none empty, and no extra', (_lang, messages) => {
    const other = leaves(messages);
    expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    for (const [key, text] of other) expect(text.trim(), key).not.toBe('');
  });

  it('keeps the placeholders of each Spanish text', () => {
    const holes = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();
    for (const messages of [all('en'), all('zh')]) {
      const other = leaves(messages);
      for (const [key, text] of base) expect(holes(other.get(key) ?? ''), key).toBe(holes(text));
    }
  });

  it('has a text for every error code the hub can send', () => {
    for (const code of ERROR_CODES) expect(es.errors[code], code).toBeTruthy();
  });

  it('has a label for every table status', () => {
    for (const s of TABLE_STATUS_LIST) expect(es.status[String(s) as keyof typeof es.status]).toBeTruthy();
  });
});
