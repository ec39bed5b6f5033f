import type { DeepStrings } from '../../../i18n/define.ts';
import type { kitchenDisplayEs } from './es.ts';

/** The kitchen display, in English. */
export const kitchenDisplayEn: DeepStrings<typeof kitchenDisplayEs> = {
  kds: {
    title: 'Kitchen display',
    chooseStation: 'Choose the station this screen shows',
    noStations: 'No kitchen stations yet. Create them under Goods → Stations and remarks.',
    changeStation: 'Change station',
    open_one: '{{count}} ticket',
    open_other: '{{count}} tickets',
    empty: 'No open tickets',
    recall: 'Recall last',
    bump: 'Done',
    order: 'Order {{no}}',
    takeaway: 'TAKE-AWAY {{code}}',
    delivery: 'DELIVERY {{code}}',
    people_one: '{{count}} guest',
    people_other: '{{count}} guests',
    minutes: '{{count}} min',
    held: 'ON HOLD',
    reprint: 'REPRINT',
    // Told to the waiter when a screen bumps a ticket of their table (client/src/ui/kitchen-ready.ts).
    readyToast: 'Table {{table}}: ready to serve',
    readyMark: 'Ready to serve',
    retired_one: '{{count}} old ticket removed from the screen',
    retired_other: '{{count}} old tickets removed from the screen',
    retiredWhy: 'More than {{max}} were open. They are still on their table\'s order and in the printer history.',
    retiredDismiss: 'Got it',
    markers: {
      new: 'NEW',
      hold: 'HOLD',
      fire: 'FIRE',
      expedite: 'EXPEDITE',
      return: 'RETURN',
      cancel: 'CANCEL',
      withdraw: 'ORDER CANCELLED',
      remark: 'CHANGE',
    },
  },
};
