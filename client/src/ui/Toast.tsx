import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { outbox } from '../sync/outbox.ts';
import { showToast, ui } from './ui-store.ts';

/** Shows the last refusal from the hub (translated from its code) and success notes. */
export function Toast() {
  const { t } = useTranslation();
  const { toast } = useSnapshot(ui);
  const { lastError } = useSnapshot(outbox);
  useEffect(() => {
    if (!lastError) return;
    showToast(t(`errors.${lastError.code}`), 'error');
    outbox.lastError = null;
  }, [lastError, t]);
  if (!toast) return null;
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      {toast.text}
    </div>
  );
}
