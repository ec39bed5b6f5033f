import { adjust, recharge, reprintRecharge } from './balance.ts';
import { erase, register, update } from './profile.ts';

/** The member commands' rules (profile.ts: who they are; balance.ts: their money). */
export const memberHandlers = {
  'member.register': register,
  'member.update': update,
  'member.erase': erase,
  'member.recharge': recharge,
  'member.adjust': adjust,
  'member.reprintRecharge': reprintRecharge,
};
