import type { AuthService } from '#hub/auth/auth-service.ts';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { presetRoleCommands } from '#hub/auth/presets.ts';
import { isClaimed } from '#domain';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { RolePresetId } from '#protocol';

/**
 * The demo restaurant's staff, with fixed PINs (printed at start and in the
 * README). Only for demo mode: a real restaurant is claimed with a one-time
 * code and picks its own PINs.
 */
export const DEMO_STAFF: readonly { id: string; code: string; name: string; roleId: RolePresetId; pin: string }[] = [
  { id: 'staff-demo-owner', code: '1', name: 'Rosa Quispe', roleId: 'owner', pin: '1111' },
  { id: 'staff-demo-cashier', code: '2', name: 'Carlos Mamani', roleId: 'cashier', pin: '2222' },
  { id: 'staff-demo-waiter', code: '3', name: 'Lucía Flores', roleId: 'waiter', pin: '3333' },
];

/**
 * Claims a demo hub that has no staff yet: the preset roles and the demo
 * staff through the normal command path (as the hub), their PINs in the auth
 * store. A hub that already has staff is left alone. True when it seeded.
 */
export async function seedDemoStaff(engine: Engine, auth: AuthService, now: Date): Promise<boolean> {
  if (isClaimed(engine.state)) return false;
  const actor: Actor = { staffId: null, deviceId: 'hub-demo' };
  const submit = async (c: ReturnType<typeof hubCommand>) => {
    const reply = await engine.submit(c, actor);
    if (!reply.ok) throw new Error(`demo staff refused: ${reply.code} ${reply.message ?? ''}`);
  };
  for (const c of presetRoleCommands(actor.deviceId, now)) await submit(c);
  for (const s of DEMO_STAFF) {
    // The PIN first: nobody should exist who cannot sign in.
    await auth.storePin(s.id, s.pin);
    await submit(hubCommand('staff.save', { id: s.id, name: s.name, code: s.code, roleId: s.roleId }, actor.deviceId, now));
    await submit(hubCommand('staff.noteCredentials', { staffId: s.id, hasPin: true, hasPassword: false }, actor.deviceId, now));
  }
  return true;
}
