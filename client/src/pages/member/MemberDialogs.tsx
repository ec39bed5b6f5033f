import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

/** Parses "12.50" / "-3,00" soles to cents, or null. */
export function centsOf(text: string): number | null {
  const m = /^(-?)(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0')));
}

/** member.adjust: a signed amount and a reason; a cashier without `refund` gets the manager's approval dialog from the outbox. */
export function AdjustDialog(props: { onClose: () => void; onAdjust: (cents: number, reason: string) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const cents = centsOf(amount);
  const ok = cents !== null && cents !== 0 && reason.trim() !== '';
  return (
    <Dialog title={t('members.adjust.title')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('members.form.save')} onConfirm={() => ok && props.onAdjust(cents, reason.trim())} testId="member-adjust-save" disabled={!ok} />}>
      <p className="muted">{t('members.adjust.hint')}</p>
      <label className="field">
        <span>{t('members.adjust.cents')}</span>
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="member-adjust-amount" />
      </label>
      <label className="field">
        <span>{t('members.adjust.reason')}</span>
        <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} data-testid="member-adjust-reason" />
      </label>
    </Dialog>
  );
}

/** member.erase (owner): a typed confirmation word, and what stays said plainly. */
export function EraseDialog(props: { onClose: () => void; onErase: (reason: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const ok = typed.trim().toUpperCase() === t('members.erase.word').toUpperCase();
  return (
    <Dialog title={t('members.erase.title')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('members.erase.title')} onConfirm={() => ok && props.onErase(reason.trim())} testId="member-erase-confirm" danger disabled={!ok} />}>
      <p>{t('members.erase.explain')}</p>
      <label className="field">
        <span>{t('members.erase.reason')}</span>
        <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('members.erase.typeToConfirm')}</span>
        <input value={typed} onChange={(e) => setTyped(e.target.value)} data-testid="member-erase-word" />
      </label>
    </Dialog>
  );
}
