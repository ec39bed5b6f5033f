import type { AttemptKeys, ThrottleKey } from './throttle.ts';

/**
 * Which counters each kind of attempt must find unlocked and is counted
 * against: the rules table of hub/auth/README.md, as code. The aim is that a
 * guesser slows down only themself: a person's own devices are never locked
 * for them by guesses made elsewhere, and no counter is shared by everyone.
 */

/**
 * Where an attempt comes from: the enrolled device its cookie names, else
 * the socket's address (the hub is not behind a proxy; forwarded headers
 * are never read).
 */
export type Source = { kind: 'device'; id: string } | { kind: 'address'; ip: string };

const sourceId = (s: Source) => (s.kind === 'device' ? `device:${s.id}` : `ip:${s.ip}`);

/** The counter of one source guessing one person. */
export const pairKey = (s: Source, staffId: string): ThrottleKey => ({ scope: 'pair', id: `${sourceId(s)}|${staffId}` });
/** The counter of everything one source gets wrong. */
export const sourceKey = (s: Source): ThrottleKey => ({ scope: 'source', id: sourceId(s) });
/** The counter of one person guessed from places they never signed in. */
export const staffKey = (staffId: string): ThrottleKey => ({ scope: 'staff', id: staffId });

/**
 * A full sign-in (number or name + secret). `knownHere`: the source is an
 * enrolled device where this person completed a full sign-in before.
 */
export function signInKeys(source: Source, staffId: string | null, knownHere: boolean): AttemptKeys {
  if (staffId === null) return { check: [sourceKey(source)], count: [sourceKey(source)] };
  const pair = pairKey(source, staffId);
  // On their own device a person meets only the count of guesses made there naming them.
  if (knownHere) return { check: [pair], count: [pair, sourceKey(source)] };
  const all = [pair, sourceKey(source), staffKey(staffId)];
  return { check: all, count: all };
}

/**
 * A PIN alone on an enrolled device. `tappedKnown`: the person tapped on the
 * PIN screen, when they are one of the device's known people. Untapped, the
 * PIN is tried against all of `known` at once: it is counted against the
 * device only, but waits while any of them is locked on this device (so it is
 * no way around a person's lock; the others tap their name).
 */
export function pinKeys(deviceId: string, tappedKnown: string | null, known: readonly string[] = []): AttemptKeys {
  const source: Source = { kind: 'device', id: deviceId };
  if (tappedKnown === null) return { check: [sourceKey(source), ...known.map((id) => pairKey(source, id))], count: [sourceKey(source)] };
  const pair = pairKey(source, tappedKnown);
  return { check: [pair], count: [pair, sourceKey(source)] };
}

/** A claim code, counted per address (the hub-wide pace is `ClaimPace`). */
export function claimKeys(ip: string): AttemptKeys {
  const key: ThrottleKey = { scope: 'claim', id: `ip:${ip}` };
  return { check: [key], count: [key] };
}
