/**
 * Looks for a POS hub on this network over mDNS and prints what it found as
 * one line of JSON: {name, host, port, addresses, txt[, health]}. Exit code 0
 * when found, 1 when nothing answered in time. Used by the mDNS system test.
 */
import { parseArgs } from 'node:util';
import { Bonjour, type Service } from 'bonjour-service';
import { MDNS_TYPE } from './mdns.ts';

const USAGE = `Usage: node hub/net/find-hubs.ts [--timeout SECONDS] [--health]

  Finds the first POS hub announced on this network (mDNS _${MDNS_TYPE}._tcp) and prints it as JSON.
  --timeout S   give up after S seconds (default 5); exit code 1 if none was found
  --health      also fetch the hub's /api/health at the address it answered from
`;

export type FoundHub = {
  name: string;
  host: string;
  port: number;
  addresses: string[];
  txt: Record<string, string>;
  health?: unknown;
};

function describe(service: Service): FoundHub {
  const txt: Record<string, string> = {};
  const raw: unknown = service.txt;
  if (raw && typeof raw === 'object') for (const [k, v] of Object.entries(raw)) txt[k] = String(v);
  return { name: service.name, host: service.host, port: service.port, addresses: service.addresses ?? [], txt };
}

/** The first hub that answers, or null after `timeoutMs`. */
export function findHub(timeoutMs: number): Promise<{ hub: FoundHub; from: string | undefined } | null> {
  const bonjour = new Bonjour();
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: { hub: FoundHub; from: string | undefined } | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      browser.stop();
      bonjour.destroy(() => resolve(value));
    };
    const browser = bonjour.find({ type: MDNS_TYPE }, (service) => finish({ hub: describe(service), from: service.referer?.address }));
    const timer = setTimeout(() => finish(null), timeoutMs);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { timeout: { type: 'string' }, health: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seconds = Number(values.timeout ?? '5');
  if (!(seconds > 0)) throw new Error(`--timeout must be a number of seconds, not "${values.timeout}"\n\n${USAGE}`);
  const found = await findHub(seconds * 1000);
  if (!found) {
    console.error(`No POS hub answered within ${seconds} s.`);
    process.exitCode = 1;
    return;
  }
  const { hub, from } = found;
  if (values.health) {
    const address = from ?? hub.addresses.find((a) => !a.includes(':')) ?? hub.host;
    const res = await fetch(`http://${address.includes(':') ? `[${address}]` : address}:${hub.port}/api/health`, { signal: AbortSignal.timeout(5000) });
    hub.health = await res.json();
  }
  console.log(JSON.stringify(hub));
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    console.error((err as Error).message ?? String(err));
    process.exit(1);
  });
}
