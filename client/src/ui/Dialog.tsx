import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A modal sheet: full width at the bottom of a phone, centred on a till (wider for long forms and tables). */
export function Dialog(props: { title: string; onClose: () => void; children: ReactNode; footer: ReactNode; wide?: boolean }) {
  return (
    <div className="dialog-backdrop" onClick={props.onClose}>
      <div className={`dialog${props.wide ? ' dialog-wide' : ''}`} role="dialog" aria-modal="true" aria-label={props.title} onClick={(e) => e.stopPropagation()}>
        <h2 className="dialog-title">{props.title}</h2>
        <div className="dialog-body">{props.children}</div>
        <div className="dialog-footer">{props.footer}</div>
      </div>
    </div>
  );
}

/** The usual footer of a dialog: Cancel, then the confirming action (red when it takes something away). */
export function DialogActions(props: { onCancel: () => void; confirmLabel: string; onConfirm: () => void; testId: string; danger?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <button className="btn" onClick={props.onCancel}>
        {t('common.cancel')}
      </button>
      <button className={`btn ${props.danger ? 'btn-danger' : 'btn-primary'}`} disabled={props.disabled} onClick={props.onConfirm} data-testid={props.testId}>
        {props.confirmLabel}
      </button>
    </>
  );
}
