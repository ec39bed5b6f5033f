import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FiscalParty } from '#protocol';
import { isValidRuc } from '#protocol';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { makePrivateDir, PRIVATE_FILE_MODE, writeFileAtomic } from '#hub/store/durable-fs.ts';
import { addDays } from '../outbox/keys.ts';
import type { DocumentReader } from '../outbox/types.ts';

/** The directory's file, beside the documents: `<data>/einvoice/buyers.json`. */
export const BUYERS_FILE = 'buyers.json';
/** At most this many companies are remembered; the one invoiced longest ago goes first. */
export const MAX_BUYERS = 20_000;
/** A lost or damaged file is rebuilt from the facturas of this many days (the store's longest read). */
export const REBUILD_DAYS = 400;
/** SUNAT's longest RegistrationName (rule 2022: 3 to 1500 characters). */
const MAX_NAME = 1500;

type Entry = { name: string; at: string };
type Deps = { dataDir: string; reader: Pick<DocumentReader, 'list'>; clock: () => Date; log: (message: string) => void; saveDelayMs?: number };

/**
 * The legal names (razón social) of the companies the restaurant has issued
 * facturas to, by RUC, so the till fills the name in when a cashier types a
 * RUC it has seen (issue 11: "looked up from earlier sales by RUC"). Only
 * RUCs: a company's name is public in SUNAT's register, a person's name
 * behind a DNI is not something every till should be able to look up.
 *
 * It is a cache of what the document store holds, not a record: kept in one
 * small file, written a moment after a change; a file lost or damaged is
 * rebuilt from the store's facturas. Newest name wins (a company renamed).
 */
export class BuyerDirectory {
  private readonly names = new Map<string, Entry>();
  private readonly deps: Deps;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(deps: Deps) {
    this.deps = deps;
  }

  private get file(): string {
    return path.join(this.deps.dataDir, 'einvoice', BUYERS_FILE);
  }

  /** Reads the file, or rebuilds it from the store when there is none (or it cannot be read). */
  async load(): Promise<void> {
    const text = await readFile(this.file, 'utf8').catch(() => null);
    const kept = text === null ? null : entriesOf(parsed(text));
    if (kept) {
      for (const [ruc, entry] of kept) this.put(ruc, entry);
      return;
    }
    const to = limaDateTime(this.deps.clock().toISOString()).date;
    const facturas = await this.deps.reader.list({ from: addDays(to, -(REBUILD_DAYS - 1)), to, kinds: ['01'] });
    for (const meta of facturas) this.remember(meta.customer, `${meta.day}T${meta.time}`);
    this.scheduleSave(0);
  }

  /** A factura's buyer, issued at `at` (Lima `YYYY-MM-DDTHH:MM:SS`). Anything but a valid RUC with a name is ignored. */
  remember(party: FiscalParty | null, at: string): void {
    if (!party || party.idType !== '6') return;
    const name = party.name.trim();
    if (name === '' || name.length > MAX_NAME || !isValidRuc(party.idNumber)) return;
    const before = this.names.get(party.idNumber);
    if (before && (before.at > at || before.name === name)) return;
    this.put(party.idNumber, { name, at });
    this.scheduleSave();
  }

  /** The legal name last invoiced to this RUC, or null. */
  lookup(ruc: string): string | null {
    return isValidRuc(ruc) ? (this.names.get(ruc)?.name ?? null) : null;
  }

  /** Writes what is pending now (at stop). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.saving = this.saving.then(() => this.save());
    }
    await this.saving;
  }

  /** Keeps the map in recency order (a Map iterates in insertion order): the oldest is evicted first. */
  private put(ruc: string, entry: Entry): void {
    const before = this.names.get(ruc);
    if (before && before.at > entry.at) return;
    this.names.delete(ruc);
    this.names.set(ruc, entry);
    if (this.names.size > MAX_BUYERS) this.names.delete(this.names.keys().next().value!);
  }

  private scheduleSave(delayMs = this.deps.saveDelayMs ?? 1_000): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.saving = this.saving.then(() => this.save());
    }, delayMs);
    this.timer.unref?.();
  }

  private async save(): Promise<void> {
    try {
      await makePrivateDir(path.dirname(this.file));
      const body = { version: 1, buyers: Object.fromEntries(this.names) };
      await writeFileAtomic(this.file, JSON.stringify(body), PRIVATE_FILE_MODE);
    } catch (err) {
      // A cache: the next change writes it again, and a lost file is rebuilt from the store.
      this.deps.log(`einvoice: buyer names not saved (${String(err)})`);
    }
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The entries of a file's JSON, each checked (a hand-edited or damaged file gives what is valid in it); null when it is not ours. */
function entriesOf(json: unknown): [string, Entry][] | null {
  if (typeof json !== 'object' || json === null || (json as { version?: unknown }).version !== 1) return null;
  const buyers = (json as { buyers?: unknown }).buyers;
  if (typeof buyers !== 'object' || buyers === null) return null;
  const out: [string, Entry][] = [];
  for (const [ruc, value] of Object.entries(buyers)) {
    const entry = value as Partial<Entry> | null;
    if (!isValidRuc(ruc) || typeof entry?.name !== 'string' || typeof entry.at !== 'string' || entry.name.trim() === '' || entry.name.length > MAX_NAME) continue;
    out.push([ruc, { name: entry.name, at: entry.at }]);
  }
  return out.sort((a, b) => (a[1].at < b[1].at ? -1 : a[1].at > b[1].at ? 1 : 0));
}
