import { useTranslation } from 'react-i18next';
import type { PayMethod } from '#protocol';

/** The `<option>`s of a payment-method `<select>`, each under its translated name (the bills filter, refunds, debts, bookkeeping). */
export function MethodOptions(props: { methods: readonly PayMethod[] }) {
  const { t } = useTranslation();
  return (
    <>
      {props.methods.map((m) => (
        <option key={m} value={m}>
          {t(`pay.methods.${m}`)}
        </option>
      ))}
    </>
  );
}
