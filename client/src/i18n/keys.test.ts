import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ROLE_PRESET_IDS } from '#protocol';
import { bodyErrorText, errorText, presetName } from './keys.ts';
import { mergeTexts } from './define.ts';
import { EN_FEATURES } from './languages/en.ts';
import { es } from './languages/es-all.ts';
import { ZH_FEATURES } from './languages/zh.ts';

type LangCode = 'es' | 'en' | 'zh';
const TREES = { es, en: mergeTexts(EN_FEATURES), zh: mergeTexts(ZH_FEATURES) };
const LANGS: LangCode[] = ['es', 'en', 'zh'];
const fixed = new Map<LangCode, TFunction>();

// A real i18next instance with the client's own texts (no stand-in for `t`).
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'es',
    fallbackLng: false,
    resources: Object.fromEntries(LANGS.map((l) => [l, { translation: TREES[l] }])),
    interpolation: { escapeValue: false },
  });
  for (const l of LANGS) fixed.set(l, i18n.getFixedT(l));
});

const tIn = (lang: LangCode): TFunction => fixed.get(lang)!;

describe('typed translation keys', () => {
  it('gives every error code a sentence in every language, never the raw key', () => {
    for (const lang of LANGS) {
      for (const code of ERROR_CODES) {
        const text = errorText(tIn(lang), code);
        expect(text, `${lang} ${code}`).not.toContain('errors.');
        expect(text.trim(), `${lang} ${code}`).not.toBe('');
      }
    }
  });

  it('reads an unknown code from a response body as an internal error', () => {
    expect(bodyErrorText(tIn('en'), 'FROM_A_NEWER_HUB')).toBe(errorText(tIn('en'), 'INTERNAL'));
    expect(bodyErrorText(tIn('en'), 'NOT_FOUND')).toBe(errorText(tIn('en'), 'NOT_FOUND'));
  });

  it('names every preset role in every language', () => {
    for (const lang of LANGS) for (const id of ROLE_PRESET_IDS) expect(presetName(tIn(lang), id)).not.toContain('presets.');
  });

  it('refuses a misspelled key at compile time (tsc checks this file)', () => {
    const t = tIn('es');
    expect(t('goods.importer.confirm')).toBe('Importar');
    // At run time a wrong key silently shows itself; only the compiler can catch it.
    // @ts-expect-error misspelled key
    expect(t('goods.importer.confirn')).toBe('goods.importer.confirn');
    // @ts-expect-error a section that does not exist
    expect(t('gods.title')).toBe('gods.title');
    // @ts-expect-error not an error code
    expect(errorText(t, 'NOT_A_CODE')).toBe('errors.NOT_A_CODE');
    // @ts-expect-error a text with {{error}} called without it
    expect(t('goods.importer.failed')).toContain('{{error}}');
    expect(t('goods.importer.failed', { error: 'x' })).toBe('No se pudo importar: x');
  });
});
