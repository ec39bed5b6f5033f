import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandPayload, State } from '#protocol';
import { DINING_REASONS } from '#protocol';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { uuid } from '../../sync/uuid.ts';
import { atOf } from './book-api.ts';

type Payload = CommandPayload<'reservation.create'>;
const PHONE = /^(\+?\d{6,15})?$/;

/** Soles typed with a dot or a comma ("50", "50.5", "50,50") as céntimos; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return 0;
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** The next half hour from now in the restaurant, as HH:MM (a sensible default time). */
function nextHalfHour(now = new Date()): string {
  const lima = new Date(now.getTime() - 5 * 3_600_000);
  const minutes = Math.ceil((lima.getUTCHours() * 60 + lima.getUTCMinutes() + 1) / 30) * 30;
  const m = Math.min(minutes, 23 * 60 + 30);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** SPEC.md's reservation fields: table, date and time, people, customer, phone, advance deposit, dining reason, remarks. */
export function NewReservationDialog(props: { state: State; day: string; onClose: () => void; onCreate: (p: Payload) => void }) {
  const { t } = useTranslation();
  const tables = useMemo(() => Object.values(props.state.tables).sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name)), [props.state.tables]);
  const [tableId, setTableId] = useState(tables[0]?.id ?? '');
  const [day, setDay] = useState(props.day);
  const [time, setTime] = useState(nextHalfHour);
  const [people, setPeople] = useState('2');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [deposit, setDeposit] = useState('');
  const [reason, setReason] = useState<Payload['reason']>('');
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState('');

  const submit = () => {
    const n = Number(people);
    const cents = centsOf(deposit);
    if (!tableId || !day || !time || !name.trim() || !(n >= 1 && n <= 99)) return setError(t('book.form.required'));
    if (!PHONE.test(phone.trim())) return setError(t('book.form.badPhone'));
    if (cents === null) return setError(t('book.form.badDeposit'));
    props.onCreate({ reservationId: uuid(), tableId, people: n, at: atOf(day, time), customerName: name.trim(), phone: phone.trim(), depositCents: cents, remarks: remarks.trim(), reason });
  };

  return (
    <Dialog title={t('book.form.title')} onClose={props.onClose} footer={<DialogActions onCancel={props.onClose} confirmLabel={t('book.form.submit')} onConfirm={submit} testId="book-submit" />}>
      <div className="book-form">
        <div className="field-row">
          <label className="field">
            <span>
              {t('book.form.date')} <em className="req">*</em>
            </span>
            <input type="date" value={day} onChange={(e) => setDay(e.target.value)} data-testid="book-date" />
          </label>
          <label className="field">
            <span>
              {t('book.form.time')} <em className="req">*</em>
            </span>
            <input type="time" value={time} step={900} onChange={(e) => setTime(e.target.value)} data-testid="book-time" />
          </label>
        </div>
        <div className="field-row">
          <label className="field">
            <span>
              {t('book.form.table')} <em className="req">*</em>
            </span>
            <select value={tableId} onChange={(e) => setTableId(e.target.value)} data-testid="book-table">
              {tables.map((table) => (
                <option key={table.id} value={table.id}>
                  {table.name} ({table.seats})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>
              {t('book.form.people')} <em className="req">*</em>
            </span>
            <input inputMode="numeric" value={people} maxLength={2} onChange={(e) => setPeople(e.target.value.replace(/\D/g, ''))} data-testid="book-people" />
          </label>
        </div>
        <label className="field">
          <span>
            {t('book.form.name')} <em className="req">*</em>
          </span>
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} data-testid="book-name" />
        </label>
        <div className="field-row">
          <label className="field">
            <span>{t('book.form.phone')}</span>
            <input type="tel" inputMode="tel" value={phone} maxLength={16} onChange={(e) => setPhone(e.target.value)} data-testid="book-phone" />
          </label>
          <label className="field">
            <span>{t('book.form.deposit')}</span>
            <input inputMode="decimal" value={deposit} placeholder="0.00" maxLength={10} onChange={(e) => setDeposit(e.target.value)} data-testid="book-deposit" />
          </label>
        </div>
        <label className="field">
          <span>{t('book.form.reason')}</span>
          <select value={reason} onChange={(e) => setReason(e.target.value as Payload['reason'])}>
            {(['', ...DINING_REASONS] as const).map((r) => (
              <option key={r} value={r}>
                {t(`open.reasons.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('book.form.remarks')}</span>
          <input value={remarks} maxLength={140} onChange={(e) => setRemarks(e.target.value)} />
        </label>
        {error && (
          <p className="field-error" data-testid="book-error">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
