import type { DeepStrings } from '../../../i18n/define.ts';
import type { jobsEs } from './es.ts';

/** The stuck-jobs page (durable jobs, hub/jobs/README.md); kind names nest by their dots: `kinds.test.echo`, in English. */
export const jobsEn: DeepStrings<typeof jobsEs> = {
  jobs: {
    title: 'Stuck jobs',
    hint: 'What the hub could not finish on its own: printing, opening the drawer and other sends.',
    empty: 'No stuck jobs.',
    queued_one: '{{count}} job queued',
    queued_other: '{{count}} jobs queued',
    retry: 'Retry',
    cancel: 'Cancel',
    cancelTitle: 'Cancel this job?',
    cancelBody: 'It will not be tried again.',
    attempts_one: '{{count}} try',
    attempts_other: '{{count}} tries',
    maybeDoneHint: 'The hub stopped while doing it: it may have happened already. Check before retrying.',
    status: { pending: 'Waiting', running: 'Running', done: 'Done', failed: 'Failed', maybeDone: 'Maybe done', cancelled: 'Cancelled' },
    kinds: { test: { echo: 'Test (write)', mark: 'Test (mark once)' }, print: 'Printout', drawer: { kick: 'Drawer opening' }, einvoice: { send: 'Sending a receipt to SUNAT', summary: 'Daily summary of boletas' } },
    reasons: {
      IO_ERROR: 'Could not write',
      TIMEOUT: 'No answer in time',
      DEVICE_OFFLINE: 'The device does not answer',
      NO_RUNNER: 'Nothing on this hub can do it',
      INTERRUPTED: 'Interrupted',
      UNKNOWN: 'Unexpected error',
      UNREACHABLE: 'The printer does not answer (off or unplugged)',
      PAPER_OUT: 'Out of paper',
      COVER_OPEN: 'Cover open',
      PRINTER_ERROR: 'The printer reports an error',
      DEVICE_MISSING: 'The USB printer is not plugged in',
      PARTIAL_WRITE: 'Cut off mid-print: check the paper before reprinting',
      NO_PRINTER: 'The printer no longer exists',
      SUNAT_UNREACHABLE: 'SUNAT does not answer (no internet): it will be sent when the connection is back',
      CERT_MISSING: 'The digital certificate is missing: upload it under E-invoicing',
      SOL_MISSING: 'The SOL user is missing: fill it in under E-invoicing',
      SUNAT_REJECTED: 'SUNAT rejected the document',
      SUNAT_FIX_NEEDED: 'SUNAT asks for a fix and a new send',
      SUNAT_PROCESSING: 'SUNAT is still processing the summary',
    },
  },
};
