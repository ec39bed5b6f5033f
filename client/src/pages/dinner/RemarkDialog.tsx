import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLine, State } from '#protocol';
import { nameIn } from '../../i18n/index.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

/** The restaurant's remark presets in this device's language, then the dish's own (deduplicated). */
export function remarkPresets(state: State, productId: string | null, lang: string): string[] {
  const product = productId ? state.products[productId] : undefined;
  return [...new Set([...state.menuSettings.remarks.map((r) => nameIn(r.names, lang)), ...(product?.remarks ?? [])])];
}

/** A free-text remark on any dish, with the presets as chips; on a sent dish the kitchen is told of the change. */
export function RemarkDialog(props: { state: State; line: OrderLine; onCancel: () => void; onSave: (remark: string) => void }) {
  const { t, i18n } = useTranslation();
  const [remark, setRemark] = useState(props.line.remark);
  const toggle = (text: string) => {
    const set = new Set(remark ? remark.split(', ') : []);
    if (set.has(text)) set.delete(text);
    else set.add(text);
    setRemark([...set].join(', '));
  };
  return (
    <Dialog
      title={t('kitchen.remarkTitle')}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('kitchen.save')} onConfirm={() => props.onSave(remark.trim())} testId="remark-save" disabled={remark.trim() === props.line.remark} />}
    >
      <p>
        <b>{nameIn(props.line.names, i18n.language)}</b>
      </p>
      {props.line.sentBatch !== null && <p className="hint">{t('kitchen.remarkSentHint')}</p>}
      <div className="chips reason-chips">
        {remarkPresets(props.state, props.line.productId, i18n.language).map((text) => (
          <button key={text} className={`chip${remark.split(', ').includes(text) ? ' active' : ''}`} onClick={() => toggle(text)}>
            {text}
          </button>
        ))}
      </div>
      <input className="field-input" value={remark} maxLength={140} onChange={(e) => setRemark(e.target.value)} data-testid="remark-input" aria-label={t('kitchen.remark')} />
    </Dialog>
  );
}
