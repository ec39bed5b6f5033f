import { randomUUID } from 'node:crypto';
import type { FiscalDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { jobIdOf } from '#hub/domain/jobs/reactions.ts';
import type { ReprintReply } from '#hub/http/routes/bills/schema.ts';
import type { TestHub } from '../test-hub.ts';
import type { DayViews } from './views.ts';

/**
 * Every numbered bill's receipt reprinted through POST /api/bills/:id/reprint
 * at the end of the day, after the fiscal settings changed at random
 * moments: each print job carries the documents as filed (issue 19, one
 * source per figure), never one computed with today's settings.
 */
export async function reprintDisagreements(t: TestHub, day: string, v: DayViews): Promise<string[]> {
  const out: string[] = [];
  for (const [billId, filed] of v.documents) {
    const id = randomUUID();
    const res = await fetch(new URL(`/api/bills/${billId}/reprint`, t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.cookie },
      body: JSON.stringify({ id, day }),
    });
    const body = (await res.json()) as ReprintReply | { ok: false; code: string };
    if (!body.ok) {
      out.push(`reprint of ${billId} refused: ${body.code}`);
      continue;
    }
    // A split's parts: one job each, made in the same record.
    const printed = new Map<string, FiscalDocument>();
    for (let i = 0; i < filed.length; i++) {
      const job = t.hub.engine.jobs.get(jobIdOf(id, i));
      if (job?.kind === 'print' && job.payload.fiscal) printed.set(fiscalKey(job.payload.fiscal), job.payload.fiscal);
    }
    for (const doc of filed) {
      const got = printed.get(fiscalKey(doc));
      if (!got) out.push(`reprint of ${fiscalKey(doc)}: no job carries it`);
      else if (JSON.stringify(got.totals) !== JSON.stringify(doc.totals)) out.push(`reprint of ${fiscalKey(doc)}: totals ${JSON.stringify(got.totals)} != filed ${JSON.stringify(doc.totals)}`);
    }
  }
  return out;
}
