import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { stuckTables } from '#hub/domain/stuck-tables.ts';
import { until } from '#hub/jobs/printing/test-orders.ts';
import { command, postCommand, startTestHub } from './test-hub.ts';
import { disagreements } from './whole-day/checks.ts';
import { closeAndExport } from './whole-day/close-and-export.ts';
import { day } from './whole-day/plan.ts';
import { exportDisagreements } from './whole-day/export-checks.ts';
import { DayPlayer } from './whole-day/play.ts';
import { reprintDisagreements } from './whole-day/reprints.ts';
import { readViews } from './whole-day/views.ts';

/**
 * Issue 19's property test over whole days, on a real hub: fast-check plans
 * 15 to 25 tables (every payment kind, discounts, gifts, returns, merges and
 * withdrawn merged groups, debts collected and written off, voids and
 * refunds, commands the hub must refuse) with the fiscal settings changed at
 * random moments (regime, a dated ICBPER rate); the test plays them through
 * the HTTP door and adds up its own figures. Then the bills list, the shift
 * report, the book, the order report and every boleta and factura as filed
 * agree with each other and with those figures, and no table is left where
 * no command can move it. A failure prints fast-check's seed and path
 * (fc.assert), which replay the same day.
 */

const RUNS = 4;
const DAY = '2026-11-30';
const MONTH_END = Date.parse('2026-11-30T15:00:00Z');

describe('a whole day of service', () => {
  it('every screen and document agrees, no table stranded', async () => {
    await fc.assert(
      fc.asyncProperty(day, async (services) => {
        // The hub's clock runs from 10:00 in Lima on the month's last day: the day's export carries the month's PLE register.
        const started = Date.now();
        const t = await startTestHub({ clock: () => new Date(MONTH_END + Date.now() - started) });
        try {
          const setup = async (type: 'fiscal.saveSettings' | 'shift.open', payload: object) => {
            const r = (await postCommand(t.url, command(type, payload as never))).body;
            if (!r.ok) throw new Error(`${type} refused: ${r.code}`);
          };
          await setup('fiscal.saveSettings', SAMPLE_FISCAL);
          if (!t.hub.engine.state.openShift) await setup('shift.open', { id: 'sh-whole-day', floatCents: 20_000 });
          const player = new DayPlayer(t, SAMPLE_FISCAL, DAY);
          for (const s of services) await player.play(s);
          // The outbox files each boleta and factura as it takes its job: wait until every one is on file.
          const numbered = player.model.bills.filter((b) => b.numbered).reduce((n, b) => n + b.parts, 0);
          const filed = async () => [...(await readViews(t, DAY)).documents.values()].reduce((n, docs) => n + docs.length, 0);
          await until('every document filed', async () => (await filed()) === numbered, 20_000);
          const views = await readViews(t, DAY);
          expect(disagreements(player.model, views)).toEqual([]);
          expect(stuckTables(t.hub.engine.state)).toEqual([]);
          expect(await reprintDisagreements(t, DAY, views)).toEqual([]);
          const end = await closeAndExport(t, DAY, views.shift);
          expect(await exportDisagreements(t, DAY, player.model, views, end)).toEqual([]);
        } finally {
          await t.close();
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
