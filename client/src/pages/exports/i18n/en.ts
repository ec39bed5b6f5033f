import type { DeepStrings } from '../../../i18n/define.ts';
import type { exportsEs } from './es.ts';

/** The exports page, in English. */
export const exportsEn: DeepStrings<typeof exportsEs> = {
  exports: {
    title: 'Exports for the accountant',
    hint: "Every night at closing time the day's sales (Excel and CSV), the Z reports and the e-invoices are saved; at month end also the sales register (PLE 14.1).",
    runTitle: 'Export a day now',
    day: 'Day',
    run: 'Export',
    queued: 'Export requested: it will appear in the list in a few seconds.',
    resend: 'Send by mail again',
    resent: 'Resend requested.',
    empty: 'No exports yet.',
    files: 'Files',
    noFiles: 'No files yet',
    folder: 'Folder',
    usb: 'USB',
    mail: 'Mail',
    state: {
      done: 'Done',
      working: 'In progress',
      waiting: 'Waiting',
      failed: 'Failed',
      notSetUp: 'Not set up',
      none: '—',
    },
    usbNone: 'Plug in a USB stick: the exports it does not have yet will be copied.',
    usbState: {
      copying: 'Stick "{{stick}}" found: copying ({{copied}} of {{days}} days)…',
      safeToRemove: 'Stick "{{stick}}": copy checked, safe to remove.',
      readOnly: 'Stick "{{stick}}" is read-only: nothing was copied.',
      interrupted: 'Copying to "{{stick}}" was interrupted: plug it in again or use another.',
    },
    mailWaiting: 'The mail server does not answer: mails wait until the internet is back.',
    mailSetUp: 'Set up mail',
    mailNoFolder: 'There are no files of this day to send: export it first.',
    dayWhy: {
      today: 'Today already has sales: what was sold so far is exported.',
      lastSales: 'The last day with sales.',
    },
    folderProblem: {
      file: 'Could not write "{{file}}" into the folder {{folder}} on this box: {{cause}}',
      folder: 'Could not create the folder {{folder}} on this box: {{cause}}',
      causes: {
        ENOSPC: 'the disk is full. Free some space; it will be tried again.',
        EACCES: 'the system has no permission to write there.',
        EROFS: 'the disk is read-only.',
        other: 'error {{code}}. It will be tried again.',
      },
    },
    loadFailed: 'Could not read the exports.',
  },
};
