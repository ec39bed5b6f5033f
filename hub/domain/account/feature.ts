import { hubOnly } from '../decision.ts';
import type { DomainFeature } from '../feature.ts';
import { accountAppliers } from './debts.ts';

/**
 * On-account bills (README.md here): open debts live, opened by dine-in's
 * `order.settled` applier (debts.ts `withDebtOf`). Settling and writing off
 * are hub-only (settle.ts, write-off.ts through ../hub-rules.ts), so the
 * shared entries refuse and a device's bundle holds only the appliers. A
 * state from before the slice gets an empty one at open (migrations/index.ts
 * fills every missing slice): debts of bills archived before are not rebuilt.
 */
export const accountFeature = {
  name: 'account',
  handlers: { 'account.settle': hubOnly, 'account.writeOff': hubOnly },
  appliers: accountAppliers,
  initialState: () => ({ accounts: {} }),
  migrations: [],
} satisfies DomainFeature;
