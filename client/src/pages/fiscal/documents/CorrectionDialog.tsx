import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_METHODS, type Bill, type BillCorrections, type CorrectionKind, type ErrorCode, type PayMethod } from '#protocol';
import type { DocumentMeta } from '#hub/einvoice/outbox/types.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { errorText } from '../../../i18n/keys.ts';
import { nameIn } from '../../../i18n/index.ts';
import { uuid } from '../../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { showToast } from '../../../ui/ui-store.ts';
import { blockerOf, clampPick, defaultMethod, refundCents, refundedCents, refundLines, requestOf } from './correction.ts';
import { documentNumber } from './doc-view.ts';
import { fetchBill, postCorrection } from './documents-api.ts';
import { MethodOptions } from '../../../ui/MethodOptions.tsx';

type Loaded = { bill: Bill; corrections: BillCorrections | null };

/**
 * Void or refund the bill behind a factura or boleta: the hub issues the
 * credit note. The bill comes from its day's archive; a void gives back what
 * remains, a refund the portions picked. The command id is minted once per
 * dialog, so pressing again after a dropped answer is applied once; a
 * refusal is shown in the dialog in the device's language.
 */
/** A bill without its document's meta (the bills page: a sale note too): its id, archive day, and what the title calls it. */
export type CorrectionTarget = { billId: string; day: string; label: string };

export function CorrectionDialog(props: { meta: DocumentMeta | CorrectionTarget; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<ErrorCode | null>(null);
  const [kind, setKind] = useState<CorrectionKind>('void');
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<PayMethod>('cash');
  const [busy, setBusy] = useState(false);
  const [id] = useState(uuid);
  const { billId, day } = props.meta;

  useEffect(() => {
    if (!billId) return;
    let live = true;
    void fetchBill(billId, day).then((r) => {
      if (!live) return;
      if (!r.ok) return setError(r.code);
      setLoaded({ bill: r.body.bill, corrections: r.body.corrections ?? null });
      setMethod(defaultMethod(r.body.bill));
    });
    return () => {
      live = false;
    };
  }, [billId, day]);

  const lines = useMemo(() => (loaded ? refundLines(loaded.bill, loaded.corrections, (l) => nameIn(l.names, i18n.language)) : []), [loaded, i18n.language]);
  const request = requestOf(kind, picks, reason, method);
  const voided = loaded?.corrections?.voided ?? false;
  const blocker = loaded ? blockerOf(request, voided) : 'voided';
  const earlier = refundedCents(loaded?.corrections ?? null);

  const confirm = async () => {
    if (!loaded || !billId || blocker) return;
    setBusy(true);
    const r = await postCorrection(billId, { id, day, request });
    setBusy(false);
    if (!r.ok) return setError(r.code);
    // The hub's answer names the amount; the note's number is in the bill's corrections, read again.
    const again = await fetchBill(billId, day);
    const c = again.ok ? again.body.corrections?.corrections.at(-1) : undefined;
    const amount = formatSoles(c?.amountCents ?? refundCents(loaded.bill, loaded.corrections, request));
    showToast(c?.creditNote ? t('fiscalDocs.dialog.done', { note: `${c.creditNote.series}-${c.creditNote.number}`, amount }) : t('fiscalDocs.dialog.doneNoNote', { amount }));
    props.onDone();
  };

  return (
    <Dialog
      title={t('fiscalDocs.dialog.title', { key: 'label' in props.meta ? props.meta.label : documentNumber(props.meta) })}
      onClose={props.onClose}
      wide
      footer={
        <DialogActions
          onCancel={props.onClose}
          confirmLabel={t(kind === 'void' ? 'fiscalDocs.dialog.confirmVoid' : 'fiscalDocs.dialog.confirmRefund')}
          onConfirm={() => void confirm()}
          testId="correction-confirm"
          danger
          disabled={busy || blocker !== null}
        />
      }
    >
      {error && (
        <p className="field-error" role="alert" data-testid="correction-error">
          {errorText(t, error)}
        </p>
      )}
      {!loaded && !error && <p className="empty">{t('fiscalDocs.dialog.loading')}</p>}
      {loaded && (
        <div className="docs-correction" data-testid="correction-dialog">
          <p className="hint">
            {t('fiscalDocs.dialog.bill', { billNo: loaded.bill.billNo, table: loaded.bill.tableName, total: formatSoles(loaded.bill.totalCents) })}
          </p>
          {earlier > 0 && <p className="hint">{t('fiscalDocs.dialog.earlier', { amount: formatSoles(earlier) })}</p>}
          {voided ? (
            <p className="note" data-testid="correction-voided">
              {t('fiscalDocs.dialog.voided')}
            </p>
          ) : (
            <>
              <div className="chips" role="radiogroup">
                {(['void', 'refund'] as const).map((k) => (
                  <button key={k} className={`chip${kind === k ? ' active' : ''}`} role="radio" aria-checked={kind === k} onClick={() => setKind(k)} data-testid={`correction-${k}`}>
                    {t(k === 'void' ? 'fiscalDocs.dialog.voidAll' : 'fiscalDocs.dialog.refundSome')}
                  </button>
                ))}
              </div>
              <p className="hint">{t(kind === 'void' ? 'fiscalDocs.dialog.voidHint' : 'fiscalDocs.dialog.refundHint')}</p>
              {kind === 'refund' && (
                <>
                  <ul className="docs-lines">
                    {lines.map((l) => (
                      <li key={l.lineId} data-testid={`correction-line-${l.lineId}`}>
                        <span className="docs-line-name">
                          {l.name} <span className="hint">· {formatSoles(l.unitPriceCents)} · {t('fiscalDocs.dialog.remaining', { count: l.remaining, qty: l.qty })}</span>
                        </span>
                        <span className="stepper">
                          <button className="btn" disabled={(picks[l.lineId] ?? 0) <= 0} onClick={() => setPicks((p) => ({ ...p, [l.lineId]: clampPick(lines, l.lineId, (p[l.lineId] ?? 0) - 1) }))} aria-label="−">
                            −
                          </button>
                          <input readOnly value={picks[l.lineId] ?? 0} data-testid="correction-qty" />
                          <button className="btn" disabled={(picks[l.lineId] ?? 0) >= l.remaining} onClick={() => setPicks((p) => ({ ...p, [l.lineId]: clampPick(lines, l.lineId, (p[l.lineId] ?? 0) + 1) }))} aria-label="+" data-testid="correction-plus">
                            +
                          </button>
                        </span>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p className="docs-amount" data-testid="correction-amount">
                {t('fiscalDocs.dialog.amount', { amount: formatSoles(refundCents(loaded.bill, loaded.corrections, request)) })}
              </p>
              <label className="field">
                {t('fiscalDocs.dialog.reason')}
                <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} data-testid="correction-reason" />
                <span className="hint">{t('fiscalDocs.dialog.reasonHint')}</span>
              </label>
              <label className="field">
                {t('fiscalDocs.dialog.method')}
                <select value={method} onChange={(e) => setMethod(PAY_METHODS.find((m) => m === e.target.value) ?? 'cash')} data-testid="correction-method">
                  <MethodOptions methods={PAY_METHODS} />
                </select>
              </label>
              {blocker && blocker !== 'voided' && <p className="hint">{t(`fiscalDocs.dialog.${blocker}`)}</p>}
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
