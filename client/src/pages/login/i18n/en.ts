import type { DeepStrings } from '../../../i18n/define.ts';
import type { loginEs } from './es.ts';

/** The sign-in pages: number or name with PIN or password, the keypad, the PIN screen, in English. */
export const loginEn: DeepStrings<typeof loginEs> = {
  login: {
    title: 'Sign in',
    identifier: 'Number or name',
    secret: 'PIN or password',
    submit: 'Sign in',
    numberTitle: 'Sign in with your number',
    number: 'Staff number',
    pin: 'PIN',
    next: 'Next',
    del: 'Delete',
    pinTitle: 'Enter your PIN',
    locked: 'Screen locked after inactivity',
    useKeypad: 'Sign in with number and keypad',
    usePassword: 'Sign in with name or password',
    otherUser: 'Someone else (number and PIN)',
    quickSwitch: 'Quick switch with PIN',
    anyone: 'Anyone',
    wait: 'Too many attempts. Wait {{seconds}} s and try again.',
    notEnrolled: 'This device is not registered yet: sign in once with your number and PIN.',
    hint: 'The owner or the manager gives you your number and PIN.',
  },
};
