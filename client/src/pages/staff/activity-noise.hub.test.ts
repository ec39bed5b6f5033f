import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdOf } from '#hub/domain/jobs/index.ts';
import type { ActivityPage } from '#protocol';
import { command, getJson, postCommand, sleep, startTestHub, waitUntil, type TestHub } from '#hub/testing/test-hub.ts';
import { visibleActivity } from './activity-noise.ts';

/*
 * The activity view against a real hub: the job runner's records are what the
 * hub really writes (its own actor, no person), so the rule that hides them
 * is checked on them, not on a guess of their shape.
 */

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

describe('activity without the job runner noise, on a real hub', () => {
  it("hides the runner's start and finish of every job, keeps the person's command; the jobs filter shows them all", async () => {
    const cmd = command('job.test', { text: 'ruido' });
    expect((await postCommand(t.url, cmd)).body.ok).toBe(true);
    const jobs = [jobIdOf(cmd.id, 0), jobIdOf(cmd.id, 1)];
    await waitUntil(() => jobs.every((id) => t.hub.engine.jobs.get(id)?.status === 'done'), 20_000, 'both test jobs done');

    // A job is done in the job table when its finish is handed to the log (job-service.ts
    // carryOut), a moment before the activity (read from disk) holds it: read until it does.
    const activity = async () => (await getJson<ActivityPage>(t.url, '/api/activity')).body.entries;
    let all = await activity();
    for (let i = 0; i < 400 && all.filter((e) => e.type === 'job.finish').length < 2; i++) {
      await sleep(25);
      all = await activity();
    }
    const runner = all.filter((e) => ['job.start', 'job.finish', 'job.recover', 'job.prune'].includes(e.type));
    // Two jobs, each started and finished by the runner.
    expect(runner.filter((e) => e.type === 'job.start')).toHaveLength(2);
    expect(runner.filter((e) => e.type === 'job.finish')).toHaveLength(2);

    const { shown, hidden } = visibleActivity(all, '');
    expect(hidden).toBe(runner.length);
    expect(shown).toHaveLength(all.length - runner.length);
    expect(shown.filter((e) => e.type.startsWith('job.')).map((e) => e.type)).toEqual(['job.test']);

    const jobsOnly = (await getJson<ActivityPage>(t.url, '/api/activity?type=job')).body.entries;
    expect(visibleActivity(jobsOnly, 'job')).toEqual({ shown: jobsOnly, hidden: 0 });
    expect(jobsOnly).toHaveLength(runner.length + 1);
  });
});
