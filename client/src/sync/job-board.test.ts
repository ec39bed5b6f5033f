import { describe, expect, it } from 'vitest';
import { emptyJobBoard, jobBoardSchema, type JobBoard, type LaneStatus } from '#protocol';
import { forgetJobBoard, jobBoard, lanesStamp, printerLane, setJobBoard } from './job-board.ts';

const lane = (over: Partial<LaneStatus>): LaneStatus => ({ key: 'printer:p1', kind: 'print', printerId: 'p1', waiting: 0, running: 0, stuck: 0, nextAt: null, lastReason: null, ...over });

function board(lanes: LaneStatus[], stuckIds: string[] = []): JobBoard {
  const b = emptyJobBoard();
  b.lanes = lanes;
  b.stuck = stuckIds.map((id) => ({ id, kind: 'print', status: 'failed', attempts: 1, reason: 'DEVICE_OFFLINE', createdAt: '', updatedAt: '', nextAt: '', printerId: 'p1', purpose: 'kitchen', title: 'Mesa 4' }));
  b.stuckTotal = stuckIds.length;
  return jobBoardSchema.parse(b);
}

describe('the job board store', () => {
  it('holds the latest board whole, and forgets it (and the stuck list) when the channel is someone else\'s', () => {
    expect(jobBoard.received).toBe(false);
    expect(jobBoard.board).toEqual(emptyJobBoard());
    setJobBoard(board([lane({ waiting: 3 })], ['j1']));
    expect(jobBoard.received).toBe(true);
    expect(jobBoard.board.stuck.map((s) => s.id)).toEqual(['j1']);
    setJobBoard(board([lane({ waiting: 1 })]));
    expect(jobBoard.board.lanes[0]?.waiting).toBe(1);
    expect(jobBoard.board.stuck).toEqual([]);
    setJobBoard(board([], ['j2']));
    forgetJobBoard();
    expect(jobBoard.received).toBe(false);
    expect(jobBoard.board).toEqual(emptyJobBoard());
  });

  it('finds a printer\'s lane (absent when nothing waits there)', () => {
    const b = board([lane({ waiting: 3, stuck: 1 }), lane({ key: 'printer:p2', printerId: 'p2', running: 1 }), lane({ key: 'einvoice.send', kind: 'einvoice.send', printerId: null, waiting: 2 })]);
    expect(printerLane(b, 'p1')).toMatchObject({ waiting: 3, stuck: 1 });
    expect(printerLane(b, 'p2')).toMatchObject({ running: 1 });
    expect(printerLane(b, 'p3')).toBeUndefined();
    // A prototype name is just an id no lane has.
    expect(printerLane(b, '__proto__')).toBeUndefined();
  });

  it('stamps lanes of a kind so pages fetch again exactly when those lanes move', () => {
    const einvoice = (l: LaneStatus) => l.kind.startsWith('einvoice.');
    const a = board([lane({ waiting: 3 }), lane({ key: 'einvoice.send', kind: 'einvoice.send', printerId: null, waiting: 2 })]);
    const printerMoved = board([lane({ waiting: 4 }), lane({ key: 'einvoice.send', kind: 'einvoice.send', printerId: null, waiting: 2 })]);
    const sent = board([lane({ waiting: 3 }), lane({ key: 'einvoice.send', kind: 'einvoice.send', printerId: null, waiting: 1 })]);
    const held = board([lane({ waiting: 3 }), lane({ key: 'einvoice.send', kind: 'einvoice.send', printerId: null, waiting: 2, lastReason: 'SUNAT_UNREACHABLE' })]);
    const allSent = board([lane({ waiting: 3 })]);
    expect(lanesStamp(printerMoved, einvoice)).toBe(lanesStamp(a, einvoice));
    for (const other of [sent, held, allSent]) expect(lanesStamp(other, einvoice)).not.toBe(lanesStamp(a, einvoice));
  });
});
