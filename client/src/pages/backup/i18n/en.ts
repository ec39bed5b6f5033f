import type { DeepStrings } from '../../../i18n/define.ts';
import type { backupEs } from './es.ts';

export const backupEn: DeepStrings<typeof backupEs> = {
  backup: {
    title: 'Backups',
    hint: 'Every night, after the export, the system keeps an encrypted copy of everything (sales, receipts, certificate) on this box and on the USB stick if one is plugged in.',
    noPassphrase: 'No passphrase yet: no backups are being made. Set one to start.',
    reminder: 'No backups are being made: the backup passphrase is not set.',
    reminderOpen: 'Set the passphrase',
    passphraseTitle: 'Backup passphrase',
    passphraseHint: 'Without this passphrase nobody can open a backup, not even the technician. Write it down and keep it outside the restaurant. 10 to 200 characters.',
    passphrase: 'New passphrase',
    passphraseAgain: 'Type it again',
    mismatch: 'The two passphrases differ',
    save: 'Save passphrase',
    saved: 'Passphrase saved. Earlier backups open with the passphrase they were made with.',
    now: 'Back up now',
    asked: 'Backing up: it shows in the list in a few seconds.',
    listTitle: 'Backups on this box',
    empty: 'No backups yet.',
    whole: 'Whole',
    cut: 'Cut short: unusable',
    damaged: 'Damaged: unusable',
    reason: { nightly: 'Nightly', onDemand: 'By hand', update: 'Before an update' },
    usb: 'Last backup to USB stick {{stick}}: {{result}}',
    usbOk: 'checked',
    usbFailed: 'failed',
    restoreHint: 'To bring a backup back on a new box, the technician runs: pos-hub --restore FILE',
    failedToLoad: 'Could not read the list of backups.',
  },
};
