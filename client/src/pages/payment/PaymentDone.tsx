import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CommandResult, DocKind } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { PATHS } from '../../routes.ts';
import { Icon } from '../../ui/icons.tsx';
import { dismissSuccessToast } from '../../ui/ui-store.ts';

/** How a settlement ended: the hub's answer, or still in this device's outbox (offline). */
export type Outcome = { kind: 'paid'; result: CommandResult; asked: DocKind } | { kind: 'queued'; changeCents: number; asked: DocKind };

/**
 * The documents to name on the success screen (issue 18 item 21): the hub's
 * numbers ("Boleta B001-23"); a boleta or factura the hub did not number
 * (e-invoicing not set up) printed as a sale note; offline, the kind asked
 * for, its number still to come.
 */
export function issuedLabels(outcome: Outcome, kindName: (k: DocKind) => string, pending: string): string[] {
  if (outcome.kind === 'queued') return [outcome.asked === 'note' ? kindName('note') : `${kindName(outcome.asked)} · ${pending}`];
  const numbered = outcome.result.documents ?? [];
  if (numbered.length === 0) return [kindName('note')];
  return numbered.map((d) => `${kindName(d.type === '01' ? 'factura' : 'boleta')} ${d.series}-${d.number}`);
}

/** "Payment success" (SPEC.md section 8): the document issued with its number, the bill number and the change to hand over. */
export function PaymentDone(props: { outcome: Outcome; doneTo?: string }) {
  const { t } = useTranslation();
  const { outcome } = props;
  const change = outcome.kind === 'paid' ? (outcome.result.changeCents ?? 0) : outcome.changeCents;
  const documents = issuedLabels(outcome, (k) => t(`pay.doc.kinds.${k}`), t('pay.numberPending'));
  // The success screen says what happened: an earlier page's toast ("Enviado a cocina") goes.
  useEffect(dismissSuccessToast, []);
  return (
    <div className="pay-done" data-testid="pay-done">
      <div className="pay-ok" aria-hidden="true">
        <Icon name="check" />
      </div>
      <h1>{outcome.kind === 'paid' ? t('success.payment') : t('connection.offline')}</h1>
      {documents.map((d) => (
        <p key={d} className="pay-done-doc" data-testid="pay-document">
          {d}
        </p>
      ))}
      {outcome.kind === 'paid' && outcome.result.billNo !== undefined && <p>{t('pay.billNo', { no: outcome.result.billNo })}</p>}
      {outcome.kind === 'queued' && <p className="note">{t('pay.queued')}</p>}
      <p className="change-big">
        {t('pay.change')}: <b data-testid="pay-change">{formatSoles(change)}</b>
      </p>
      <Link href={props.doneTo ?? PATHS.tables} className="btn btn-primary" data-testid="pay-done-ok">
        {t('pay.done')}
      </Link>
    </div>
  );
}
