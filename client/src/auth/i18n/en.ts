import type { DeepStrings } from '../../i18n/define.ts';
import type { authEs } from './es.ts';

/** Being signed in: who, sign out, switch user, pages a role may not open, in English. */
export const authEn: DeepStrings<typeof authEs> = {
  auth: {
    signedInAs: 'Signed in: {{name}}',
    number: 'No. {{code}}',
    signOut: 'Sign out',
    switchUser: 'Switch user',
    loading: 'Loading…',
    noAccessTitle: 'No access',
    noAccessBody: 'Your role does not allow this section. Ask the owner or the manager for access.',
    nothingAllowed: 'Your role has no section yet. Ask the owner or the manager for access.',
    back: 'Back',
  },
};
