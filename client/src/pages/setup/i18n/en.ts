import type { DeepStrings } from '../../../i18n/define.ts';
import type { setupEs } from './es.ts';

/** Claiming a new hub, in English. */
export const setupEn: DeepStrings<typeof setupEs> = {
  setup: {
    title: 'Set up the restaurant',
    intro: 'This device has no owner yet. Enter the activation code: it is on the slip it printed when it started (or on its screen, or in the claim.txt file of its data folder). Valid 15 minutes.',
    codeFromSlip: 'Taken from the printed slip.',
    printerSearch: 'No code? Print it on a network printer',
    printerSearching: 'Looking for a printer on the network…',
    printerPrinted: 'A slip with the code was printed on the shop printer.',
    printerNone: 'No printer answered on the network. Plug a USB printer into the device and restart it.',
    claimCode: 'Activation code',
    restaurant: 'Restaurant',
    restaurantName: 'Restaurant name',
    ruc: 'RUC',
    rucHint: 'Optional: 11 digits (10, 15, 16, 17 or 20…)',
    owner: 'Owner',
    ownerName: 'Your name',
    ownerCode: 'Your staff number',
    ownerCodeHint: '1 to 6 digits: you will sign in with it.',
    pin: 'PIN (4 to 6 digits)',
    pinAgain: 'Repeat the PIN',
    pinMismatch: 'The PINs do not match',
    submit: 'Set up and sign in',
    expired: 'Code expired? Restart the device to get a new one.',
  },
};
