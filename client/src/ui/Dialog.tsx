import type { ReactNode } from 'react';

/** A modal sheet: full width at the bottom of a phone, centred on a till. */
export function Dialog(props: { title: string; onClose: () => void; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="dialog-backdrop" onClick={props.onClose}>
      <div className="dialog" role="dialog" aria-modal="true" aria-label={props.title} onClick={(e) => e.stopPropagation()}>
        <h2 className="dialog-title">{props.title}</h2>
        <div className="dialog-body">{props.children}</div>
        <div className="dialog-footer">{props.footer}</div>
      </div>
    </div>
  );
}
