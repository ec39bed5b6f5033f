import type { Reactors } from '../jobs/reactions.ts';

/**
 * What an export request causes (hub/exports/README.md): the day's folder
 * written, then mailed. The mail job waits in its own lane for the folder
 * (hub/exports/mail-runner.ts) and for the mail server; a resend is the mail
 * job alone.
 */
export const EXPORT_REACTORS: Reactors = {
  'export.requested': (e) => [
    ...(e.what === 'all' ? [{ kind: 'export.day' as const, payload: { day: e.day } }] : []),
    { kind: 'export.deliver' as const, payload: { day: e.day, target: 'mail' as const } },
  ],
};
