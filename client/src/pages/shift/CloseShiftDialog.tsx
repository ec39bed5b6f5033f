import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountedMethod, Shift } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { countedOf, countLines, differenceOf, toneOf, type CountLine } from './shift-view.ts';
import { CountHead } from './CountHead.tsx';

/**
 * The close: a counted field per method the shift used, beside what it
 * expects, the difference shown as it is typed (green even or over, red short).
 */
export function CloseShiftDialog(props: { shift: Shift; onClose: () => void; onConfirm: (counted: Partial<Record<CountedMethod, number>>, note: string) => void }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<CountLine[]>(() => countLines(props.shift));
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const type = (method: CountedMethod, text: string) => setLines((ls) => ls.map((l) => (l.method === method ? { ...l, text } : l)));
  const submit = () => {
    const c = countedOf(lines);
    if (!c.ok) return setError(`${t(`pay.methods.${c.method}`)}: ${t('shift.amountInvalid')}`);
    props.onConfirm(c.counted, note.trim());
  };
  return (
    <Dialog title={t('shift.closeTitle')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('shift.confirmClose')} onConfirm={submit} testId="shift-close-confirm" danger />}>
      <p className="hint">{t('shift.closeHint')}</p>
      <table className="shift-count">
        <CountHead />
        <tbody>
          {lines.map((l) => {
            const diff = differenceOf(l);
            return (
              <tr key={l.method}>
                <td>{t(`pay.methods.${l.method}`)}</td>
                <td>{formatSoles(l.expectedCents)}</td>
                <td>
                  <input inputMode="decimal" value={l.text} onChange={(e) => type(l.method, e.target.value)} aria-label={`${t('shift.counted')} ${t(`pay.methods.${l.method}`)}`} data-testid={`shift-count-${l.method}`} />
                </td>
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
        <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} data-testid="shift-close-note" />
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
