import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaimUsb, STICK_CLAIM_FILE } from './claim-usb.ts';

/** The claim code copied onto a USB stick plugged into an unclaimed box, with real folders standing for sticks. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setUp() {
  const base = mkdtempSync(path.join(tmpdir(), 'pos-claim-usb-'));
  dirs.push(base);
  const sticks: string[] = [];
  let text: string | null = 'Claim code: ABCD-EFGH\n';
  const logs: string[] = [];
  const usb = new ClaimUsb({ volumes: async () => [...sticks], text: () => text, log: (m) => void logs.push(m) });
  const plug = (name: string) => {
    const stick = path.join(base, name);
    mkdirSync(stick, { recursive: true });
    sticks.push(stick);
    return stick;
  };
  const unplug = (stick: string) => sticks.splice(sticks.indexOf(stick), 1);
  return { base, usb, plug, unplug, logs, claim: () => (text = null) };
}

describe('ClaimUsb', () => {
  it('writes the claim code onto a stick once while it stays plugged in, again when plugged in again', async () => {
    const t = setUp();
    const stick = t.plug('KINGSTON');
    await t.usb.scan();
    const file = path.join(stick, STICK_CLAIM_FILE);
    expect(readFileSync(file, 'utf8')).toBe('Claim code: ABCD-EFGH\n');
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    rmSync(file);
    await t.usb.scan();
    expect(existsSync(file)).toBe(false);
    t.unplug(stick);
    await t.usb.scan();
    t.plug('KINGSTON');
    await t.usb.scan();
    expect(existsSync(file)).toBe(true);
  });

  it('never writes through a link the stick holds under that name', async () => {
    const t = setUp();
    const victim = path.join(t.base, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const stick = t.plug('HOSTILE');
    symlinkSync(victim, path.join(stick, STICK_CLAIM_FILE));
    await t.usb.scan();
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(lstatSync(path.join(stick, STICK_CLAIM_FILE)).isSymbolicLink()).toBe(false);
  });

  it('a stick that cannot be written is said in the log, the others still get the file', async () => {
    const t = setUp();
    // A volume the hub cannot write into (here: not a folder at all).
    const broken = t.plug('BROKEN');
    rmSync(broken, { recursive: true });
    writeFileSync(broken, 'not a folder');
    const open = t.plug('OPEN');
    await t.usb.scan();
    expect(existsSync(path.join(open, STICK_CLAIM_FILE))).toBe(true);
    expect(t.logs.join('\n')).toContain('could not write the claim code to the USB stick BROKEN');
  });

  it('writes nothing once the hub is claimed', async () => {
    const t = setUp();
    t.claim();
    const stick = t.plug('LATE');
    await t.usb.scan();
    expect(existsSync(path.join(stick, STICK_CLAIM_FILE))).toBe(false);
  });
});
