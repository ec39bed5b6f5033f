import type { SetupPrinterSearch } from '#protocol';
import { refused, type Outcome } from './auth-service.ts';
import { RateWindow } from './rate-window.ts';

export type PrinterSearchDeps = {
  /** Whether the hub has an owner (then the search is refused: printers are the owner's business). */
  claimed: () => boolean;
  /** The hosts to try: the box's own subnets (hub/net/printer-search.ts ownSubnetHosts), tests give 127.0.0.1. */
  hosts: () => string[];
  port: number;
  /** Which of `hosts` answer on `port`. */
  answering: (hosts: readonly string[], port: number) => Promise<string[]>;
  /** Adds the first printer found if the hub has none, and prints the setup slip (hub/jobs/printing). */
  slipOnRequest: (found: readonly { host: string; port: number }[]) => Promise<boolean>;
  clock: () => Date;
  log: (message: string) => void;
};

/**
 * POST /api/setup/printer-search, the setup page's "find a printer": while
 * the hub is unclaimed anyone on the shop network may ask, so it is paced
 * hub-wide (one search a minute, one at a time) and answers only how many
 * printers answered and whether a slip printed, never where: the claim code
 * goes to paper in the shop, never to the asker (hub/auth/README.md "Claim code").
 */
export function createPrinterSearch(deps: PrinterSearchDeps): () => Promise<Outcome<SetupPrinterSearch>> {
  const pace = new RateWindow(deps.clock, 1, 60_000);
  return async () => {
    if (deps.claimed()) return refused('ALREADY_CLAIMED');
    const wait = pace.take();
    if (wait > 0) return refused('TOO_MANY_ATTEMPTS', { retryAfter: wait });
    const hosts = deps.hosts();
    const found = await deps.answering(hosts, deps.port);
    deps.log(`setup: looked for a printer on port ${deps.port} of ${hosts.length} addresses of this network: ${found.length} answered`);
    const printed = await deps.slipOnRequest(found.map((host) => ({ host, port: deps.port })));
    return { ok: true, value: { ok: true, found: found.length, printed } };
  };
}
