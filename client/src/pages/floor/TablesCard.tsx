import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State, TableDef } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Icon } from '../../ui/icons.tsx';
import { AddTablesDialog } from './AddTablesDialog.tsx';
import { tablesOf } from './floor-form.ts';
import { TableDialog } from './TableDialog.tsx';

/** The selected area's tables as tiles (tap to edit), and the two ways to add: one table, or several numbered in a row. */
export function TablesCard(props: { state: State; areaId: string }) {
  const { t } = useTranslation();
  const area = props.state.areas[props.areaId];
  const [editing, setEditing] = useState<TableDef | 'new' | null>(null);
  const [adding, setAdding] = useState(false);
  if (!area) return null;
  const tables = tablesOf(props.state, area.id);
  return (
    <section className="floor-card" data-testid="floor-tables">
      <h2>{t('floor.tablesIn', { area: area.name })}</h2>
      <div className="floor-inline floor-add">
        <button className="btn btn-primary" onClick={() => setEditing('new')} data-testid="floor-add-table">
          <Icon name="plus" /> {t('floor.addTable')}
        </button>
        <button className="btn" onClick={() => setAdding(true)} data-testid="floor-add-many">
          <Icon name="plus" /> {t('floor.addMany')}
        </button>
      </div>
      {tables.length === 0 ? (
        <p className="note">{t('floor.noTables')}</p>
      ) : (
        <ul className="floor-tables">
          {tables.map((table) => (
            <li key={table.id}>
              <button className="floor-table" onClick={() => setEditing(table)} data-testid={`floor-table-${table.name}`}>
                <strong>{table.name}</strong>
                <small>{t('floor.seats', { count: table.seats })}</small>
                {table.type !== 'hall' && <small>{t(`card.types.${table.type}`)}</small>}
                {table.minConsumptionCents > 0 && <small>{t('floor.minimum', { amount: formatSoles(table.minConsumptionCents) })}</small>}
                {/* In use: the owner sees at once why it cannot be removed now. */}
                {table.status !== TABLE_STATUS.free && <small className="floor-busy">{t(`status.${table.status}`)}</small>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing && <TableDialog state={props.state} areaId={area.id} table={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {adding && <AddTablesDialog state={props.state} areaId={area.id} onClose={() => setAdding(false)} />}
    </section>
  );
}
