/**
 * Lists the POS hubs announced on this network over mDNS: it listens for
 * `--timeout` seconds and prints each hub found, one a line (`--json`: one
 * JSON object a line, {name, host, port, addresses, txt[, health]}). Exit
 * code 0 when at least one answered, 1 when none did. Run it with the
 * project's Node (`npm run find-hubs`): Node 20 cannot run TypeScript.
 */
import { parseArgs } from 'node:util';
import { Bonjour, type Service } from 'bonjour-service';
import { MDNS_TYPE } from './mdns.ts';

const USAGE = `Usage: npm run find-hubs -- [--timeout SECONDS] [--health] [--json]

  Lists every POS hub announced on this network (mDNS _${MDNS_TYPE}._tcp).
  --timeout S   listen for S seconds (default 3); exit code 1 if none was found
  --health      also ask each hub's /api/health at the address it answered from
  --json        one JSON object a line instead of one sentence a line
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

/** Every hub that answers within `timeoutMs`, in the order they answered (one entry per announced name). */
export function findHubs(timeoutMs: number): Promise<{ hub: FoundHub; from: string | undefined }[]> {
  const bonjour = new Bonjour();
  const found: { hub: FoundHub; from: string | undefined }[] = [];
  return new Promise((resolve) => {
    const browser = bonjour.find({ type: MDNS_TYPE }, (service) => found.push({ hub: describe(service), from: service.referer?.address }));
    setTimeout(() => {
      browser.stop();
      bonjour.destroy(() => resolve(found));
    }, timeoutMs);
  });
}

/** The address a person types to open a hub: the one it answered from, else its first IPv4 address. */
function addressOf(hub: FoundHub, from: string | undefined): string {
  const address = from ?? hub.addresses.find((a) => !a.includes(':')) ?? hub.host;
  return `http://${address.includes(':') ? `[${address}]` : address}:${hub.port}/`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { timeout: { type: 'string' }, health: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seconds = Number(values.timeout ?? '3');
  if (!(seconds > 0)) throw new Error(`--timeout must be a number of seconds, not "${values.timeout}"\n\n${USAGE}`);
  const found = await findHubs(seconds * 1000);
  if (found.length === 0) {
    console.error(`No POS hub answered within ${seconds} s.`);
    process.exitCode = 1;
    return;
  }
  for (const { hub, from } of found) {
    const url = addressOf(hub, from);
    if (values.health) hub.health = await fetch(`${url}api/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.json() as Promise<unknown>, (err: unknown) => ({ error: String(err) }));
    console.log(values.json ? JSON.stringify(hub) : `${hub.name}: ${url} (${hub.host}, version ${hub.txt.version ?? '?'})`);
  }
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    console.error((err as Error).message ?? String(err));
    process.exit(1);
  });
}
