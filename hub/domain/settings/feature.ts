import type { CommandPayload, EventOf, State } from '#protocol';
import { DEFAULT_SETTINGS, isValidRuc } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import type { DomainFeature } from '../feature.ts';

/** The restaurant's name and settings (RUC, idle lock, host names). */
export const settingsFeature = {
  name: 'settings',
  handlers: {
    'restaurant.rename': (_s: State, p: CommandPayload<'restaurant.rename'>): Decision => accept([{ type: 'restaurant.renamed', name: p.name }]),

    'settings.save': (s: State, p: CommandPayload<'settings.save'>): Decision => {
      if (p.ruc && !isValidRuc(p.ruc)) return refuse('INVALID_RUC', 'ruc');
      // A device that does not know the host names (an older page) must not erase them.
      // Nor the receipts' address (issue 10); left out while nobody set one, so older saves read as before.
      const address = p.address ?? s.settings.address;
      // Likewise the closing hour of the business day (issue 12).
      const closingHour = p.closingHour ?? s.settings.closingHour;
      // And the till's default document and clear-on-settle (issue 18 items 7 and 14).
      const defaultDocument = p.defaultDocument ?? s.settings.defaultDocument;
      const clearOnSettle = p.clearOnSettle ?? s.settings.clearOnSettle;
      return accept([
        {
          type: 'settings.saved',
          settings: {
            ...p,
            hostNames: p.hostNames ?? s.settings.hostNames ?? [],
            ...(address === undefined ? {} : { address }),
            ...(closingHour === undefined ? {} : { closingHour }),
            ...(defaultDocument === undefined ? {} : { defaultDocument }),
            ...(clearOnSettle === undefined ? {} : { clearOnSettle }),
          },
        },
      ]);
    },
  },
  appliers: {
    'restaurant.renamed': (s: State, e: EventOf<'restaurant.renamed'>): State => ({ ...s, restaurant: { ...s.restaurant, name: e.name } }),
    'settings.saved': (s: State, e: EventOf<'settings.saved'>): State => ({ ...s, settings: e.settings }),
  },
  initialState: () => ({ restaurant: { name: '' }, settings: { ...DEFAULT_SETTINGS } }),
  migrations: [],
} satisfies DomainFeature;
