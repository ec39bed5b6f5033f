import type { DeepStrings } from '../../../i18n/define.ts';
import type { collectEs } from './es.ts';

/** The order report page, in English. */
export const collectEn: DeepStrings<typeof collectEs> = {
  collect: {
    title: 'Order report',
    loading: 'Computing…',
    ranges: { today: 'Today', week: 'This week', month: 'This month', custom: 'Pick dates' },
    from: 'From',
    to: 'To',
    show: 'Show',
    rangeOrder: 'The “from” date must be on or before “to”',
    rangeTooLong: 'Pick at most 400 days',
    period: '{{from}} to {{to}}',
    export: 'Export XLSX',
    retry: 'Try again',
    empty: 'No sales on these dates.',
    kpi: { sales: 'Sales', bills: 'Bills', people: 'People', averageTicket: 'Average ticket', averagePerPerson: 'Average per person' },
    sections: {
      hour: 'Sales by hour',
      weekday: 'Sales by weekday',
      day: 'Sales by day',
      channel: 'Sales by channel',
      category: 'Sales by category',
      topDishes: 'Best-selling dishes',
      bottomDishes: 'Least-selling dishes',
      table: 'Sales by table',
      staff: 'Sales by staff',
      method: 'Received by payment method',
      discounts: 'Discounts and gifts',
    },
    showChart: 'Chart',
    showTable: 'Table',
    columns: { name: 'Item', bills: 'Bills', qty: 'Quantity', payments: 'Payments', amount: 'Amount' },
    total: 'Total',
    weekdays: { d1: 'Monday', d2: 'Tuesday', d3: 'Wednesday', d4: 'Thursday', d5: 'Friday', d6: 'Saturday', d7: 'Sunday' },
    hub: 'System',
    customCategory: 'Custom dishes',
    channels: { dineIn: 'Dine-in', counter: 'Counter (take-away)', phone: 'Phone', web: 'Web' },
    discounts: { line: 'Dish discounts', order: 'Bill discounts', gifts: 'Gifts', returns: 'Returned', refunds: 'Voids and refunds', withdrawn: 'Withdrawn orders' },
  },
};
