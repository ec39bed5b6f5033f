import type { ReactNode } from 'react';

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
