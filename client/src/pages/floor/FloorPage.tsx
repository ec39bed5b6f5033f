import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useView } from '../../sync/view.ts';
import { AreasCard } from './AreasCard.tsx';
import { areasInOrder } from './floor-form.ts';
import { RestaurantCard } from './RestaurantCard.tsx';
import { TablesCard } from './TablesCard.tsx';
import '../staff/staff.css';
import './floor.css';

/**
 * The owner's restaurant setup (not in SPEC.md: /pages/floor/index, gate
 * `settings`, issue 18): the restaurant's name, its areas and their tables.
 * Every change is one command through the outbox, so the table map of every
 * device shows it at once; refusals (a name taken, an area with tables, a
 * table in use) are shown beside the form that sent them.
 */
export function FloorPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const [picked, setPicked] = useState<string | null>(null);
  if (!state) return <p className="empty">{t('auth.loading')}</p>;
  const areas = areasInOrder(state);
  // The area picked, while it exists; else the first one.
  const selected = areas.find((a) => a.id === picked)?.id ?? areas[0]?.id ?? '';
  return (
    <div className="staff-page floor-page" data-testid="floor-page">
      <header className="page-head">
        <h1>{t('floor.title')}</h1>
      </header>
      <p className="hint">{t('floor.hint')}</p>
      <RestaurantCard key={state.restaurant.name} state={state} />
      <div className="floor-columns">
        <AreasCard state={state} selected={selected} onSelect={setPicked} />
        {selected && <TablesCard state={state} areaId={selected} />}
      </div>
    </div>
  );
}
