import type { EventOf, State } from '#protocol';
import type { Appliers } from '../feature.ts';
import { withOwn } from '../records.ts';
import { withHandIn } from './cash.ts';

export const ridersAppliers = {
  'rider.saved': (s: State, e: EventOf<'rider.saved'>): State => ({ ...s, riders: withOwn(s.riders, e.rider.staffId, e.rider) }),
  'rider.handedIn': (s: State, e: EventOf<'rider.handedIn'>): State => withHandIn(s, e.handIn),
} satisfies Partial<Appliers>;
