import { useTranslation } from 'react-i18next';
import type { LinePreset, State } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';
import { nameIn } from '../../i18n/index.ts';

/** Longest free text on a dish (the protocol's `shortText`). */
export const REMARK_MAX = 140;

/**
 * A dish's remarks being edited: the restaurant's presets picked by id (each
 * kitchen prints them in its own language: issue 18 item 8) and a free text
 * ("término medio": item 10). The dish's own quick remarks (typed in one
 * language by the owner) are chips that add or take their words in the text.
 */
export type RemarkDraft = { ids: readonly string[]; text: string };

/** Adds or takes one quick remark in a free text (the parts are comma-separated). */
export function toggleInText(text: string, word: string): string {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  const next = parts.includes(word) ? parts.filter((p) => p !== word) : [...parts, word];
  return next.join(', ').slice(0, REMARK_MAX);
}

/** Adds or takes one preset id. */
export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/**
 * The remarks of a line as this device reads them: picked presets by their
 * names here (the restaurant's current ones; a preset deleted since by the
 * name the line kept), then the free text.
 */
export function remarkShown(state: State, draft: RemarkDraft, lang: string, kept: readonly LinePreset[] = []): string {
  const names = draft.ids.map((id) => {
    const preset = state.menuSettings.remarks.find((r) => r.id === id) ?? kept.find((p) => p.id === id);
    return preset ? nameIn(preset.names, lang) : '';
  });
  return [...names, draft.text].filter((x) => x !== '').join(', ');
}

/** The chips and the free-text field of a dish's remarks. */
export function RemarkEditor(props: { state: State; productId: string | null; draft: RemarkDraft; onChange: (draft: RemarkDraft) => void; autoFocus?: boolean }) {
  const { t, i18n } = useTranslation();
  const { draft, onChange } = props;
  const product = props.productId ? getOwn(props.state.products, props.productId) : undefined;
  const textParts = draft.text.split(',').map((p) => p.trim());
  return (
    <div className="remark-editor">
      <div className="chips remarks">
        {props.state.menuSettings.remarks.map((r) => (
          <button key={r.id} type="button" className={`chip${draft.ids.includes(r.id) ? ' active' : ''}`} aria-pressed={draft.ids.includes(r.id)} onClick={() => onChange({ ...draft, ids: toggleId(draft.ids, r.id) })} data-testid={`remark-preset-${r.id}`}>
            {nameIn(r.names, i18n.language)}
          </button>
        ))}
        {(product?.remarks ?? []).map((word) => (
          <button key={`own-${word}`} type="button" className={`chip${textParts.includes(word) ? ' active' : ''}`} aria-pressed={textParts.includes(word)} onClick={() => onChange({ ...draft, text: toggleInText(draft.text, word) })}>
            {word}
          </button>
        ))}
      </div>
      <input
        className="field-input remark-text"
        value={draft.text}
        maxLength={REMARK_MAX}
        placeholder={t('kitchen.remarkPlaceholder')}
        aria-label={t('kitchen.remarkFree')}
        onChange={(e) => onChange({ ...draft, text: e.target.value })}
        data-testid="remark-input"
        enterKeyHint="done"
        autoFocus={props.autoFocus}
      />
    </div>
  );
}
