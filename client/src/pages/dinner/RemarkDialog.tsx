import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLine, State } from '#protocol';
import { presetIds } from '#hub/domain/kitchen/remarks.ts';
import { nameIn } from '../../i18n/index.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { RemarkEditor, type RemarkDraft } from './RemarkEditor.tsx';

/** A dish's remarks (presets and free text) on an ordered dish; on a sent dish the kitchen is told of the change. */
export function RemarkDialog(props: { state: State; line: OrderLine; onCancel: () => void; onSave: (draft: RemarkDraft) => void }) {
  const { t, i18n } = useTranslation();
  const first: RemarkDraft = { ids: presetIds(props.line), text: props.line.remark };
  const [draft, setDraft] = useState<RemarkDraft>(first);
  // A preset the owner deleted since the dish was ordered has no chip to untick: it is dropped on saving.
  const saved = { ids: draft.ids.filter((id) => props.state.menuSettings.remarks.some((r) => r.id === id)), text: draft.text.trim() };
  const unchanged = saved.text === first.text && saved.ids.join() === first.ids.join();
  return (
    <Dialog
      title={t('kitchen.remarkTitle')}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('kitchen.save')} onConfirm={() => props.onSave(saved)} testId="remark-save" disabled={unchanged} />}
    >
      <p>
        <b>{nameIn(props.line.names, i18n.language)}</b>
      </p>
      {props.line.sentBatch !== null && <p className="hint">{t('kitchen.remarkSentHint')}</p>}
      <RemarkEditor state={props.state} productId={props.line.productId} draft={draft} onChange={setDraft} />
    </Dialog>
  );
}
