import { randomUUID } from 'node:crypto';
import { bucketGet, type Command, type CommandType } from '#protocol';
import type { Engine } from '#hub/engine/engine.ts';
import { newCouponKeys } from '#hub/http/routes/coupons/codes.ts';

/**
 * The flat-cost row's directory (issue 20 item 5, issue 22): real members and coupons in the
 * engine's state, made by the commands the member and coupon pages send (member.register,
 * coupon.issueBatch with codes made as the coupon route makes them). They are the hub's alone
 * (bucketed slices, never sent to a device); the workload never reads them, so what they weigh
 * on a command is what a directory of this size costs the hub's command path and its snapshots.
 */
export type FlatDirectory = { members: number; coupons: number };

const NAMES = ['Rosa', 'Luis', 'Ana', 'Jorge', 'María', 'Carlos', 'Lucía', 'Pedro'];
const LAST = ['Quispe', 'Mamani', 'Flores', 'Huamán', 'Rojas', 'Vargas', 'Chávez', 'Torres'];
const BATCH = 10_000;

async function submit<K extends CommandType>(engine: Engine, type: K, payload: Command<K>['payload']): Promise<void> {
  const command = { id: randomUUID(), type, payload, deviceId: 'bench-setup', at: new Date().toISOString() } as Command;
  const reply = await engine.submit(command, { staffId: null, deviceId: 'bench-setup' });
  if (!reply.ok) throw new Error(`bench directory: ${type} refused: ${reply.code}`);
}

export async function fillDirectory(engine: Engine, members: number, coupons: number): Promise<FlatDirectory> {
  for (let i = 0; i < members; i++) {
    const name = NAMES[i % NAMES.length]!;
    const lastName = `${LAST[(i >> 3) % LAST.length]} ${LAST[(i >> 6) % LAST.length]}`;
    await submit(engine, 'member.register', {
      memberId: randomUUID(),
      phone: `9${String(10_000_000 + i).padStart(8, '0')}`,
      name,
      lastName,
      email: `${name.toLowerCase()}${i}@correo.pe`,
      gender: ((i % 3) as 0 | 1 | 2),
      city: 'Lima',
      address: `Av. Arequipa ${100 + (i % 2900)}, dpto. ${1 + (i % 20)}01`,
      birthday: `${1950 + (i % 55)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      regMethod: 1,
      docId: String(40_000_000 + i),
    });
  }
  for (let b = 0; b * BATCH < coupons; b++) {
    const quantity = Math.min(BATCH, coupons - b * BATCH);
    const prefix = `F${b}`;
    const codes = newCouponKeys(prefix, quantity, (key) => bucketGet(engine.state.coupons, key) !== undefined);
    await submit(engine, 'coupon.issueBatch', {
      batch: { batchId: randomUUID(), prefix, name: `Lote ${b}`, deductionCents: 500, category: 1, expiresOn: '2099-12-31', quantity },
      codes,
    });
  }
  return { members, coupons };
}
