import { rng } from './common.ts';

/**
 * A bench-only hub table of members-sized records. Members do not exist yet
 * (issue 22); they will live on the hub, not in the replicated state
 * ("Member directory on demand"), fetched by key or by a search. This table
 * stands in for them in the flat-cost row: 20,000 records of about 300 bytes
 * each (a member's number, names, phone, email, document, address, birthday,
 * balance), keyed by id with a phone index, held in the hub's own heap
 * beside the engine. The commands of the workload never read it: what it
 * weighs on a command is what a directory of that size costs the process
 * (memory, garbage collection), which is what a flat cost must not feel.
 */

export type BenchMember = {
  id: string;
  number: number;
  phone: string;
  name: string;
  lastName: string;
  email: string;
  city: string;
  address: string;
  birthday: string;
  documentType: 1 | 2 | 3;
  document: string;
  gender: 0 | 1 | 2;
  balanceCents: number;
  createdAt: string;
};

const NAMES = ['Rosa', 'Luis', 'Ana', 'Jorge', 'María', 'Carlos', 'Lucía', 'Pedro', 'Carmen', 'José'];
const LAST = ['Quispe', 'Mamani', 'Flores', 'Huamán', 'Rojas', 'Vargas', 'Chávez', 'Ramos', 'Torres', 'Castillo'];
const CITIES = ['Lima', 'Arequipa', 'Cusco', 'Trujillo', 'Piura', 'Chiclayo'];
const STREETS = ['Av. Arequipa', 'Jr. de la Unión', 'Av. Larco', 'Calle Las Begonias', 'Av. Brasil', 'Jr. Huallaga'];

export class BenchMemberTable {
  private readonly byId = new Map<string, BenchMember>();
  private readonly byPhone = new Map<string, string>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): BenchMember | undefined {
    return this.byId.get(id);
  }

  byPhoneNumber(phone: string): BenchMember | undefined {
    const id = this.byPhone.get(phone);
    return id === undefined ? undefined : this.byId.get(id);
  }

  put(member: BenchMember): void {
    this.byId.set(member.id, member);
    this.byPhone.set(member.phone, member.id);
  }

  /** Average bytes of a record as JSON (the "members-sized" claim, printed in the notes). */
  averageJsonBytes(sample = 200): number {
    let n = 0;
    let bytes = 0;
    for (const m of this.byId.values()) {
      bytes += Buffer.byteLength(JSON.stringify(m));
      if (++n >= sample) break;
    }
    return n ? bytes / n : 0;
  }
}

/** `count` members, the same run to run. */
export function preloadMembers(count: number, seed = 22): BenchMemberTable {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const table = new BenchMemberTable();
  for (let i = 0; i < count; i++) {
    const name = pick(NAMES);
    const lastName = `${pick(LAST)} ${pick(LAST)}`;
    const year = 1950 + Math.floor(random() * 55);
    table.put({
      id: `m-${String(i + 1).padStart(6, '0')}`,
      number: 100_000 + i,
      phone: `9${String(10_000_000 + i).padStart(8, '0')}`,
      name,
      lastName,
      email: `${name.toLowerCase()}.${lastName.split(' ')[0]!.toLowerCase()}${i}@correo.pe`,
      city: pick(CITIES),
      address: `${pick(STREETS)} ${100 + Math.floor(random() * 2900)}, dpto. ${1 + Math.floor(random() * 20)}0${1 + Math.floor(random() * 4)}`,
      birthday: `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
      documentType: 1,
      document: String(40_000_000 + Math.floor(random() * 40_000_000)),
      gender: random() < 0.5 ? 1 : 2,
      balanceCents: Math.floor(random() * 50_000),
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 330) * 86_400_000).toISOString(),
    });
  }
  return table;
}
