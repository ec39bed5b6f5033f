import type { State } from '#protocol';
import { refuse, type Decision } from '../decision.ts';

/** First commit: every command refused until the rules land (the team builds against the protocol meanwhile). */
const notYet = (_s: State): Decision => refuse('FORBIDDEN', 'takeout: not yet');

export const takeoutHandlers = {
  'takeout.create': notYet,
  'takeout.intake': notYet,
  'takeout.accept': notYet,
  'takeout.refuse': notYet,
  'takeout.cancel': notYet,
  'takeout.markReady': notYet,
  'takeout.assignRider': notYet,
  'takeout.pickedUp': notYet,
  'takeout.delivered': notYet,
  'takeout.handOver': notYet,
  'takeout.close': notYet,
};
