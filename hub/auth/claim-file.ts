import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ClaimCode } from './claim.ts';

/** `DATA/claim.txt`: the claim code of this start, for a box with neither a screen nor a printer. */
export const CLAIM_FILE = 'claim.txt';

/**
 * Writes this start's claim code and the setup links into the data folder
 * (0600 in a 0700 folder: only the hub's own user, or root, can read it;
 * whoever can already owns the box). Written again at every start while
 * unclaimed, removed once the hub is claimed or stops (the code dies with the
 * process). Threat model: hub/auth/README.md "Claim code".
 */
export function writeClaimFile(dataDir: string, claim: ClaimCode, setupLinks: readonly string[]): void {
  writeFileSync(path.join(dataDir, CLAIM_FILE), claimText(claim, setupLinks), { mode: 0o600 });
}

/** What `claim.txt` (and the copy on a USB stick, claim-usb.ts) says: the code, until when, the setup links. */
export function claimText(claim: ClaimCode, setupLinks: readonly string[]): string {
  const lines = [
    `Código para reclamar / Claim code: ${claim.code}`,
    `Válido hasta / Good until: ${claim.expiresAt.toISOString()} (una sola vez / once)`,
    'Abra en un teléfono de la red del local / Open on a phone on the shop network:',
    ...setupLinks.map((url) => `  ${url}`),
    '',
  ];
  return lines.join('\n');
}

/** Removes the claim file (claimed, or stopping); nothing to do when it is not there. */
export function removeClaimFile(dataDir: string): void {
  rmSync(path.join(dataDir, CLAIM_FILE), { force: true });
}
