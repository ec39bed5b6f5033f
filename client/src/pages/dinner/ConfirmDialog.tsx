import type { ReactNode } from 'react';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

/** SPEC.md section 8's confirm prompts (reorder, pre-bill, withdraw, discard): a question, Cancel and the action. */
export function ConfirmDialog(props: { title: string; children?: ReactNode; confirmLabel: string; testId: string; danger?: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={props.confirmLabel} onConfirm={props.onConfirm} testId={props.testId} danger={props.danger} />}
    >
      {props.children}
    </Dialog>
  );
}
