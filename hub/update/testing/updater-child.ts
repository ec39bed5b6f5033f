/**
 * The root updater as its own process (tests only), so a test can kill -9 it
 * in the middle of an update: apply.ts with the hub's service driven through
 * the test's stand-in for systemctl (POST <control>/stop and /restart, the
 * FakeService in the test process) and the hub's real /api/health.
 *
 *   node updater-child.ts --data DIR --root DIR --port N --control URL --give-up MS
 */
import { parseArgs } from 'node:util';
import { applyUpdate } from '../apply.ts';
import { healthyAs } from '../cli.ts';
import { updateLayout } from '../layout.ts';

const { values } = parseArgs({ options: { data: { type: 'string' }, root: { type: 'string' }, port: { type: 'string' }, control: { type: 'string' }, 'give-up': { type: 'string' } }, strict: true });
const control = async (what: string) => {
  const res = await fetch(`${values.control}/${what}`, { method: 'POST' });
  if (!res.ok) throw new Error(`${what}: ${res.status}`);
};
const giveUpMs = Number(values['give-up']);
const result = await applyUpdate({
  layout: updateLayout(String(values.data), String(values.root)),
  stop: () => control('stop'),
  restart: () => control('restart'),
  healthyAs: (release) => healthyAs(`http://127.0.0.1:${values.port}`, release),
  giveUpMs,
  backGiveUpMs: 120_000,
  clock: () => new Date(),
  log: (line) => console.log(line),
});
console.log(`result ${result?.code ?? 'none'}`);
