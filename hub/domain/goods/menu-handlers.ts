import type { CommandPayload, DomainEvent, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { hasAName } from './product.ts';
import { getOwn } from '../records.ts';

/** Menu settings: categories and their order, kitchen stations, remark presets. */
export const menuHandlers = {
  'category.save': (_s: State, p: CommandPayload<'category.save'>): Decision => {
    if (!hasAName(p.names)) return refuse('REQUIRED_FIELD', 'names');
    return accept([{ type: 'category.saved', category: p }]);
  },

  /** Puts the categories in the given order (sort 0, 1, 2...); those left out keep theirs. */
  'category.reorder': (s: State, p: CommandPayload<'category.reorder'>): Decision => {
    if (new Set(p.ids).size !== p.ids.length) return refuse('DUPLICATE_ID', 'ids');
    const events: DomainEvent[] = [];
    for (const [sort, id] of p.ids.entries()) {
      const category = getOwn(s.categories, id);
      if (!category) return refuse('NOT_FOUND', 'ids');
      if (category.sort !== sort) events.push({ type: 'category.saved', category: { ...category, sort } });
    }
    return accept(events);
  },

  'menu.saveStations': (s: State, p: CommandPayload<'menu.saveStations'>): Decision => {
    if (new Set(p.stations.map((x) => x.id)).size !== p.stations.length) return refuse('DUPLICATE_ID', 'stations');
    const names = new Set(p.stations.map((x) => x.name.toLowerCase()));
    if (names.size !== p.stations.length) return refuse('DUPLICATE_CODE', 'stations');
    // A station still named by a dish cannot go: its tickets would have nowhere to print.
    const kept = new Set(p.stations.map((x) => x.id));
    // The menu once when the owner saves the stations, never on a sale.
    const orphan = Object.values(s.products).find((x) => x.station && !kept.has(x.station) && s.menuSettings.stations.some((st) => st.id === x.station));
    if (orphan) return refuse('IN_USE', orphan.code);
    return accept([{ type: 'menu.stationsSaved', stations: p.stations }]);
  },

  'menu.saveRemarks': (_s: State, p: CommandPayload<'menu.saveRemarks'>): Decision => {
    if (p.remarks.some((r) => !hasAName(r.names))) return refuse('REQUIRED_FIELD', 'remarks');
    if (new Set(p.remarks.map((x) => x.id)).size !== p.remarks.length) return refuse('DUPLICATE_ID', 'remarks');
    return accept([{ type: 'menu.remarksSaved', remarks: p.remarks }]);
  },
};
