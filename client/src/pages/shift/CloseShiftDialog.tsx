import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountedMethod, Shift } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { countedOf, countLines, differenceOf, toneOf, type CountLine } from './shift-view.ts';
import { CountHead } from './CountHead.tsx';

/**
 * The close, as a BLIND count (issue 18 item 9): first the cashier types what
 * they counted per method, seeing no expected figure; only once the count is
 * confirmed does the dialog show what the shift expected and each difference
 * (the figures the close records). The count is then fixed: what was counted
 * blind is what is closed; a wrong one is explained in the note.
 */
export function CloseShiftDialog(props: { shift: Shift; ridersHoldCents?: number; onClose: () => void; onConfirm: (counted: Partial<Record<CountedMethod, number>>, note: string) => void }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<CountLine[]>(() => countLines(props.shift));
  const [counted, setCounted] = useState<Partial<Record<CountedMethod, number>> | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const type = (method: CountedMethod, text: string) => setLines((ls) => ls.map((l) => (l.method === method ? { ...l, text } : l)));
  const confirmCount = () => {
    const c = countedOf(lines);
    if (!c.ok) return setError(`${t(`pay.methods.${c.method}`)}: ${t('shift.amountInvalid')}`);
    setError('');
    setCounted(c.counted);
  };

  if (!counted) {
    return (
      <Dialog title={t('shift.closeTitle')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('shift.confirmCount')} onConfirm={confirmCount} testId="shift-count-confirm" />}>
        <p className="hint">{t('shift.countFirst')}</p>
        {/* Cash riders still hold is not in the drawer: received before the close, or it goes to the next shift (issue 21). */}
        {(props.ridersHoldCents ?? 0) > 0 && (
          <p className="field-error" data-testid="shift-close-riders">
            {t('shift.ridersHolding', { amount: formatSoles(props.ridersHoldCents ?? 0) })}
          </p>
        )}
        <div className="shift-blind-count">
          {lines.map((l) => (
            <label className="field" key={l.method}>
              <span>{t(`pay.methods.${l.method}`)}</span>
              <input inputMode="decimal" value={l.text} placeholder="0.00" onChange={(e) => type(l.method, e.target.value)} data-testid={`shift-count-${l.method}`} />
            </label>
          ))}
        </div>
        {error && <p className="field-error">{error}</p>}
      </Dialog>
    );
  }

  return (
    <Dialog
      title={t('shift.closeTitle')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('shift.confirmClose')} onConfirm={() => props.onConfirm(counted, note.trim())} testId="shift-close-confirm" danger />}
    >
      <p className="hint">{t('shift.countRecorded')}</p>
      <table className="shift-count" data-testid="shift-count-result">
        <CountHead />
        <tbody>
          {lines.map((l) => {
            const diff = differenceOf(l);
            return (
              <tr key={l.method}>
                <td>{t(`pay.methods.${l.method}`)}</td>
                <td data-testid={`shift-expected-${l.method}`}>{formatSoles(l.expectedCents)}</td>
                <td>{formatSoles(counted[l.method] ?? 0)}</td>
                <td className={diff === null ? '' : `shift-${toneOf(diff)}`} data-testid={`shift-diff-${l.method}`}>
                  {diff === null ? '—' : `${diff > 0 ? '+' : ''}${formatSoles(diff)}`}
                  {diff !== null && <small>{t(`shift.${toneOf(diff)}`)}</small>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label className="field">
        <span>{t('shift.note')}</span>
        <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} data-testid="shift-close-note" autoFocus />
      </label>
    </Dialog>
  );
}
