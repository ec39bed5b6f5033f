import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customer, Table } from '#protocol';
import { customerSchema, DINING_REASONS } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

/** SPEC.md's open-table fields: people, customer name, gender, phone, dining reason, remarks. */
export function OpenTableDialog(props: { table: Table; onCancel: () => void; onOpen: (people: number, customer: Customer) => void }) {
  const { t } = useTranslation();
  const [people, setPeople] = useState(Math.min(2, props.table.seats));
  const [customer, setCustomer] = useState<Customer>({ name: '', gender: 0, phone: '', reason: '', remarks: '' });
  const [error, setError] = useState('');
  const set = (patch: Partial<Customer>) => setCustomer((c) => ({ ...c, ...patch }));

  const submit = () => {
    const check = customerSchema.safeParse(customer);
    if (!check.success) {
      setError(check.error.issues[0]?.path[0] === 'phone' ? t('errors.INCORRECT_INPUT') + ': ' + t('open.phone') : t('errors.INCORRECT_INPUT'));
      return;
    }
    if (!(people >= 1 && people <= 99)) {
      setError(t('errors.REQUIRED_FIELD') + ': ' + t('open.people'));
      return;
    }
    props.onOpen(people, check.data);
  };

  return (
    <Dialog
      title={t('open.title', { name: props.table.name })}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('open.submit')} onConfirm={submit} testId="open-submit" />}
    >
      {props.table.minConsumptionCents > 0 && <p className="note">{t('open.minimum', { amount: formatSoles(props.table.minConsumptionCents) })}</p>}
      <label className="field">
        <span>
          {t('open.people')} <em className="req">*</em>
        </span>
        <div className="stepper">
          <button className="btn" onClick={() => setPeople((p) => Math.max(1, p - 1))} aria-label="-">
            −
          </button>
          <input inputMode="numeric" value={people} onChange={(e) => setPeople(Number(e.target.value.replace(/\D/g, '')) || 0)} data-testid="open-people" />
          <button className="btn" onClick={() => setPeople((p) => Math.min(99, p + 1))} aria-label="+">
            +
          </button>
        </div>
      </label>
      <label className="field">
        <span>{t('open.customer')}</span>
        <input value={customer.name} maxLength={140} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <label className="field">
        <span>{t('open.phone')}</span>
        <input type="tel" inputMode="tel" value={customer.phone} maxLength={16} onChange={(e) => set({ phone: e.target.value })} />
      </label>
      <div className="field-row">
        <label className="field">
          <span>{t('open.gender')}</span>
          <select value={customer.gender} onChange={(e) => set({ gender: Number(e.target.value) as Customer['gender'] })}>
            {([0, 1, 2] as const).map((g) => (
              <option key={g} value={g}>
                {t(`open.genders.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('open.reason')}</span>
          <select value={customer.reason} onChange={(e) => set({ reason: e.target.value as Customer['reason'] })}>
            {(['', ...DINING_REASONS] as const).map((r) => (
              <option key={r} value={r}>
                {t(`open.reasons.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="field">
        <span>{t('open.remarks')}</span>
        <input value={customer.remarks} maxLength={140} onChange={(e) => set({ remarks: e.target.value })} />
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
