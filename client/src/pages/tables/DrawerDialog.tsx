import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

/** The usual reasons to open the drawer without a sale (keys of `footer.drawerReasons`). */
const PRESETS = ['change', 'supplier', 'count', 'withdrawal'] as const;

/**
 * Opening the cash drawer without a sale asks why (the log keeps who and why:
 * a drawer opened "for change" ten times an evening is what an owner looks
 * for). A preset or free text; required.
 */
export function DrawerDialog(props: { onCancel: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (!reason.trim()) return setError(t('errors.REASON_REQUIRED'));
    props.onConfirm(reason.trim());
  };
  return (
    <Dialog
      title={t('footer.drawerTitle')}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('footer.drawer')} onConfirm={submit} testId="drawer-confirm" />}
    >
      <div className="field">
        <span>
          {t('footer.drawerWhy')} <em className="req">*</em>
        </span>
        <div className="chips reason-chips">
          {PRESETS.map((key) => {
            const text = t(`footer.drawerReasons.${key}`);
            return (
              <button key={key} className={`chip${reason === text ? ' active' : ''}`} onClick={() => (setReason(text), setError(''))} data-testid={`drawer-reason-${key}`}>
                {text}
              </button>
            );
          })}
        </div>
        <input value={reason} maxLength={140} onChange={(e) => (setReason(e.target.value), setError(''))} data-testid="drawer-reason" />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
