import type { ClaimCode } from './claim.ts';
import { claimText, removeClaimFile, writeClaimFile } from './claim-file.ts';
import { ClaimUsb } from './claim-usb.ts';

export type ClaimPlacesOptions = {
  dataDir: string;
  /** This start's code; null when the hub was claimed at start. */
  claim: ClaimCode | null;
  /** The setup page's links with the code (hub/net/addresses.ts setupLink). */
  links: readonly string[];
  claimed: () => boolean;
  /** Called after each recorded change (the engine's onChange); returns the unsubscribe. */
  onChange: (listener: () => void) => () => void;
  /** The USB sticks mounted now (hub/exports/usb-watch.ts mountedVolumes). */
  volumes: () => Promise<string[]>;
  log: (message: string) => void;
};

/**
 * The places besides the console and the setup slip where an unclaimed hub
 * puts its claim code, all needing the box in hand (hub/auth/README.md
 * "Claim code"): `DATA/claim.txt`, and any USB stick plugged into the box.
 * Both stop at the claim (claim.txt removed) and at stop.
 */
export function placeClaimCode(opts: ClaimPlacesOptions): { close(): Promise<void> } {
  const claim = opts.claim;
  if (!claim || opts.claimed()) {
    // A hub killed before its claim leaves its file: the code died with it.
    removeClaimFile(opts.dataDir);
    return { close: async () => {} };
  }
  writeClaimFile(opts.dataDir, claim, opts.links);
  const text = claimText(claim, opts.links);
  const usb = new ClaimUsb({ volumes: opts.volumes, text: () => (opts.claimed() ? null : text), log: opts.log });
  usb.start();
  let unsubscribe: (() => void) | null = opts.onChange(() => {
    if (!opts.claimed()) return;
    removeClaimFile(opts.dataDir);
    unsubscribe?.();
    unsubscribe = null;
  });
  return {
    close: async () => {
      unsubscribe?.();
      unsubscribe = null;
      await usb.stop();
      removeClaimFile(opts.dataDir);
    },
  };
}
