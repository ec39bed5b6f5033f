import { describe, expect, it } from 'vitest';
import { MAX_FAILURES, VerifyGuard, WINDOW_MS } from './verify-guard.ts';

/** The count of wrong member verifications (verify-guard.ts), on a clock the test moves. */
type Step = ['try', string, 'wrong' | 'right', boolean] | ['wait', number];

function play(steps: readonly Step[]): void {
  let now = Date.parse('2026-03-14T20:00:00.000Z');
  const guard = new VerifyGuard(() => new Date(now));
  steps.forEach((step, i) => {
    if (step[0] === 'wait') {
      now += step[1];
      return;
    }
    const [, member, outcome, allowed] = step;
    const took = guard.begin(member);
    expect(took, `step ${i}: ${member}`).toBe(allowed);
    if (took) guard.end(member, outcome === 'wrong');
  });
}

const wrongs = (member: string, n: number): Step[] => Array.from({ length: n }, () => ['try', member, 'wrong', true] as Step);

describe('VerifyGuard: at most MAX_FAILURES wrong tries per member within WINDOW_MS', () => {
  it.each<[string, Step[]]>([
    ['right tries are never counted', [...Array.from({ length: 20 }, () => ['try', 'ana', 'right', true] as Step)]],
    ['the limit reached: the next try, right or wrong, is refused', [...wrongs('ana', MAX_FAILURES), ['try', 'ana', 'right', false], ['try', 'ana', 'wrong', false]]],
    ['one under the limit: a right try passes', [...wrongs('ana', MAX_FAILURES - 1), ['try', 'ana', 'right', true], ['try', 'ana', 'wrong', true], ['try', 'ana', 'right', false]]],
    ['another member is not touched', [...wrongs('ana', MAX_FAILURES), ['try', 'beto', 'right', true], ['try', 'ana', 'right', false]]],
    // One wrong try, a minute, the others: the oldest leaves the window first, and gives back one try.
    ['the window passed since the oldest: one more try', [...wrongs('ana', 1), ['wait', 60_000], ...wrongs('ana', MAX_FAILURES - 1), ['wait', WINDOW_MS - 60_000 - 1], ['try', 'ana', 'right', false], ['wait', 1], ['try', 'ana', 'wrong', true], ['try', 'ana', 'right', false]]],
    ['a whole window later: all forgiven', [...wrongs('ana', MAX_FAILURES), ['wait', WINDOW_MS + 1], ...wrongs('ana', MAX_FAILURES), ['try', 'ana', 'right', false]]],
    ['prototype names are members like any other', [...wrongs('__proto__', MAX_FAILURES), ['try', '__proto__', 'right', false], ['try', 'constructor', 'right', true]]],
  ])('%s', (_name, steps) => play(steps));

  it('tries under way count as wrong until answered: a burst sent at once gets MAX_FAILURES tries, no more', () => {
    const guard = new VerifyGuard(() => new Date('2026-03-14T20:00:00.000Z'));
    const taken = Array.from({ length: 50 }, () => guard.begin('ana'));
    expect(taken.filter(Boolean)).toHaveLength(MAX_FAILURES);
    // Answered right, each try gives its place back.
    for (let i = 0; i < MAX_FAILURES; i++) guard.end('ana', false);
    expect(guard.begin('ana')).toBe(true);
  });
});
