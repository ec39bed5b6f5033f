import type { DeepStrings } from '../../../i18n/define.ts';
import type { tablesEs } from './es.ts';

/** The table overview: status names, the cards, opening a table, in English. */
export const tablesEn: DeepStrings<typeof tablesEs> = {
  status: { '0': 'Reserved', '1': 'Free', '2': 'Pending order', '3': 'Dining', '4': 'Pre-billed', '5': 'To be cleared' },
  tables: {
    all: 'All',
    allAreas: 'All areas',
    refresh: 'Refresh tables',
    people: '{{count}} ppl',
    seats: '{{count}} seats',
    empty: 'No tables yet. The owner adds them in the settings.',
    loading: 'Loading tables…',
    clearTitle: 'Clear table {{name}}?',
    clearBody: 'The table becomes free for new guests.',
    clear: 'Clear table',
    noneMatch: 'No table in this status',
  },
  open: {
    title: 'Open table {{name}}',
    people: 'Number of people',
    customer: 'Customer name',
    gender: 'Gender',
    genders: { '0': 'Not given', '1': 'Male', '2': 'Female' },
    phone: 'Phone',
    reason: 'Dining reason',
    reasons: { '': 'No reason', business: 'Business', date: 'Date / couple', family: 'Family', friends: 'Friends', other: 'Other' },
    remarks: 'Remarks',
    minimum: 'Minimum spend {{amount}}',
    submit: 'Open table',
  },
};
