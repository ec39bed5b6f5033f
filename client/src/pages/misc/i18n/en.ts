import type { DeepStrings } from '../../../i18n/define.ts';
import type { miscEs } from './es.ts';

/** The misc pages (not available yet, account expired, app download), in English. */
export const miscEn: DeepStrings<typeof miscEs> = {
  /** The left window (ui/SideNav.tsx): the tag of a section not built yet, the button that scrolls to the entries below. */
  sidenav: { soon: 'Soon', more: 'More' },
  notAvailable: { title: 'Not available yet', body: 'This section arrives in a coming update of the system.', back: 'Go to tables' },
  expire: {
    title: 'Account expired',
    body: 'Your account has expired. Please make a payment via bank transfer.',
    after: 'Once the payment is confirmed, sign in again. The restaurant\'s data is kept.',
    cash: 'Company staff do not collect cash payments.',
    signIn: 'Sign in',
  },
  download: {
    title: 'Install the app',
    body: 'The system runs in the browser of every phone, tablet and till: there is nothing to download from an app store.',
    address: 'Open this address on the device, on the restaurant\'s Wi-Fi:',
    android: 'Android (Chrome): open the browser menu and choose "Add to Home screen".',
    iphone: 'iPhone or iPad (Safari): tap Share and choose "Add to Home Screen".',
    qr: 'Or scan this code with the phone\'s camera:',
    browsers: 'Works in Chrome or Edge (Android, Windows, tablets) and Safari (iPhone, iPad) from the last two years. Do not use data-saver browsers or private mode: they forget the device\'s session.',
    signIn: 'Sign in',
  },
};
