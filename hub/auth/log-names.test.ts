import { describe, expect, it } from 'vitest';
import type { DeviceRecord } from './auth-store.ts';
import { deviceForLog, staffForLog } from './log-names.ts';

/** The console names people and devices, never by a raw id (issue 18 item 16). */
const staff = { 'staff-demo-cashier': { code: '2', name: 'Carlos Mamani' } } as never;
const devices = Object.assign(Object.create(null) as Record<string, DeviceRecord>, {
  '3f2a9c1b-1111-4222-8333-444455556666': { id: '3f2a9c1b-1111-4222-8333-444455556666', tokenId: 't', label: 'Caja 1', enrolledAt: '', staffIds: [] },
  '9b7e0000-1111-4222-8333-444455556666': { id: '9b7e0000-1111-4222-8333-444455556666', tokenId: 't', label: '', enrolledAt: '', staffIds: [] },
});

describe('names in the console', () => {
  it.each([
    ['staff-demo-cashier', 'staff 2 (Carlos Mamani)'],
    [null, 'the hub'],
    ['gone-id', 'a staff member no longer listed'],
    ['__proto__', 'a staff member no longer listed'],
    ['constructor', 'a staff member no longer listed'],
  ])('staff %s -> %s', (id, text) => expect(staffForLog({ staff }, id)).toBe(text));

  it.each([
    ['3f2a9c1b-1111-4222-8333-444455556666', 'device "Caja 1"'],
    ['9b7e0000-1111-4222-8333-444455556666', 'device 9b7e0000'],
    ['unknown-device-id', 'device unknown-'],
    ['__proto__', 'device __proto_'],
  ])('device %s -> %s', (id, text) => expect(deviceForLog(devices, id)).toBe(text));
});
