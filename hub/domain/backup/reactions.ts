import type { Reactors } from '../jobs/reactions.ts';

/** A backup asked for becomes one `backup.make` job (hub/backup/README.md), in the backup's own lane. */
export const BACKUP_REACTORS: Reactors = {
  'backup.requested': (e) => [{ kind: 'backup.make' as const, payload: { reason: e.reason } }],
};
