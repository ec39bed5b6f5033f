import { useTranslation } from 'react-i18next';
import type { Table } from '#protocol';

/** The table an operation starts from: a select of the tables that qualify. */
export function SourceSelect(props: { label: string; tables: readonly Table[]; value: string; onChange: (id: string) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId}>
        <option value="">{t('ops.choose')}</option>
        {props.tables.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
    </label>
  );
}
