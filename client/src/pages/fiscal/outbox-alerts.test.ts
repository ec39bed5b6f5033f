import { describe, expect, it } from 'vitest';
import type { OutboxStatus } from '#hub/einvoice/outbox/types.ts';
import { outboxAlerts, outboxTone } from './outbox-alerts.ts';

const calm: OutboxStatus = { reachable: true, lastContactAt: null, waiting: 0, earliestDeadline: null, overdue: 0, dueSoon: 0, certificate: true, sol: true, needsAttention: 0 };

describe('what the e-invoicing banner says', () => {
  it.each([
    ['nothing waits', {}, []],
    ['documents wait, all is set up and SUNAT answers', { waiting: 4, dueSoon: 2 }, []],
    ['due soon and SUNAT does not answer', { waiting: 4, dueSoon: 2, reachable: false }, [{ kind: 'dueSoon', count: 2 }]],
    ['SUNAT does not answer, nothing due soon: how many wait', { waiting: 3, reachable: false }, [{ kind: 'unreachable', count: 3 }]],
    ['SUNAT does not answer, nothing waits', { reachable: false }, []],
    ['due soon, never tried yet: no alarm', { waiting: 4, dueSoon: 2, reachable: null }, []],
    ['past the deadline', { waiting: 3, overdue: 1 }, [{ kind: 'overdue', count: 1 }]],
    ['rejected or to fix', { needsAttention: 2 }, [{ kind: 'attention', count: 2 }]],
    ['no certificate while documents wait', { waiting: 5, certificate: false }, [{ kind: 'noCertificate', count: 5 }]],
    ['no certificate, nothing waits', { certificate: false, sol: false }, []],
    ['no SOL user while documents wait', { waiting: 1, sol: false }, [{ kind: 'noSol', count: 1 }]],
    ['neither: one line', { waiting: 2, certificate: false, sol: false }, [{ kind: 'noSetup', count: 2 }]],
    [
      'everything at once, most urgent first',
      { waiting: 6, overdue: 1, dueSoon: 2, reachable: false, needsAttention: 1, certificate: false, sol: false },
      [
        { kind: 'overdue', count: 1 },
        { kind: 'dueSoon', count: 2 },
        { kind: 'attention', count: 1 },
        { kind: 'noSetup', count: 6 },
      ],
    ],
  ] as const)('%s', (_label, over, expected) => {
    expect(outboxAlerts({ ...calm, ...over })).toEqual(expected);
  });

  it('red for a passed deadline or a refusal, amber otherwise', () => {
    expect(outboxTone([{ kind: 'overdue', count: 1 }])).toBe('error');
    expect(outboxTone([{ kind: 'noSol', count: 1 }, { kind: 'attention', count: 1 }])).toBe('error');
    expect(outboxTone([{ kind: 'dueSoon', count: 1 }, { kind: 'noSetup', count: 1 }])).toBe('warn');
  });
});
