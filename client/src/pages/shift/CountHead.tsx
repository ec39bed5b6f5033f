import { useTranslation } from 'react-i18next';

/** The head of a count table (method, expected, counted, difference): the close dialog's and the closed shift's. */
export function CountHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th>{t('shift.method')}</th>
        <th>{t('shift.expected')}</th>
        <th>{t('shift.counted')}</th>
        <th>{t('shift.difference')}</th>
      </tr>
    </thead>
  );
}
