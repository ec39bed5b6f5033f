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
  approval: {
    title: "A manager's approval is needed",
    forWhat: 'For: {{what}}',
    what: {
      gift: 'giving a dish free',
      cancelOrder: 'voiding what the kitchen already has',
      discount: 'a discount',
      other: 'this action',
    },
    limit: "The discount is beyond your role's limit.",
    handOver: 'Hand the device to a manager: they pick their name and type their PIN right here.',
    who: 'Who approves',
    pin: "{{name}}'s PIN",
    pickFirst: 'First choose who approves',
    approve: 'Approve',
    wrongPin: 'Wrong PIN',
    wait: 'Too many attempts. Wait {{seconds}} s.',
    offline: 'No connection to the system: an approval needs the system to answer (the PIN is never checked on this device). Try again on the Wi-Fi.',
    retry: 'Try again',
    nobody: 'Nobody can approve this. Ask the owner to review the roles.',
    loading: 'Looking for managers…',
    approvedBy: 'Approved by {{name}}',
    notApprover: 'That person cannot approve this.',
    self: 'Nobody can approve themself.',
  },
};
