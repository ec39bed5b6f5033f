import type { DeepStrings } from '../../../i18n/define.ts';
import type { miscEs } from './es.ts';

/** A section that is not available yet, in English. */
export const miscEn: DeepStrings<typeof miscEs> = {
  notAvailable: { title: 'Not available yet', body: 'This section arrives in a coming update of the system.', back: 'Go to tables' },
};
