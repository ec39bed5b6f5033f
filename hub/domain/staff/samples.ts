import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';

/** Sample commands of every staff command type, for the purity test (../purity.test.ts); with no staff in its states nobody is gated. */
export const SAMPLES: Command[] = [
  command('role.save', { id: 'waiter', name: '', aliases: ['M001', 'M002'] }),
  command('staff.save', { id: 'staff-1', name: 'Ana', code: '7', roleId: 'waiter' }),
  command('staff.setDisabled', { staffId: 'staff-1', disabled: true }),
  command('security.raiseAlert', { id: 'alert-1', scope: 'device', staffId: null, deviceId: 'dev-1', failures: 6, lockedSeconds: 30 }),
  command('security.dismissAlert', { alertId: 'alert-1' }),
  command('security.noteSecretChange', { what: 'sol', change: 'saved', fields: 'endpoint,password' }),
  command('staff.noteCredentials', { staffId: 'staff-1', hasPin: true, hasPassword: false }),
  command('staff.noteSignIn', { staffId: 'staff-1', method: 'full' }),
  command('staff.noteSignOut', { staffId: 'staff-1', reason: 'lock' }),
];
