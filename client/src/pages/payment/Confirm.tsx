import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

/** SPEC.md section 8 confirm prompts (print pre-bill, settle, settle and print, return): one question, Cancel or Confirm. */
export function Confirm(props: { question: string; onCancel: () => void; onConfirm: () => void; testId: string; danger?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={props.question}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('common.confirm')} onConfirm={props.onConfirm} testId={props.testId} danger={props.danger} />}
    >
      {null}
    </Dialog>
  );
}
