import { builtinModules } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintDocument } from '#protocol';
import { bundleEncodeWorker } from '../../installer/bundle.ts';
import type { EncodeSettings } from '../printer.ts';
import { encode } from './encode.ts';
import { encodeOffThread, stopEncodeWorker } from './encode-thread.ts';

/**
 * Issue 19 item 18: a printer that draws Chinese as images took seconds per long ticket, on the
 * hub's event loop. Its bytes now come from a worker thread: the same bytes, the loop free
 * meanwhile, and the bundled worker of the single binary works from its text.
 */

const raster: EncodeSettings = { paper: 80, codePage: 'cp858', cjk: 'raster', qr: 'image' };
const text: EncodeSettings = { paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native' };
const remark = '不要辣椒多放香菜少盐少油打包带走谢谢'.repeat(7).slice(0, 140);
/** A long kitchen ticket: 60 dishes, each with a 140-character Chinese remark, and a QR code. */
const heavy: PrintDocument = {
  blocks: [
    ...Array.from({ length: 60 }, (_, i) => [
      { kind: 'text' as const, text: `${i + 1} x 宫保鸡丁`, size: 'large' as const },
      { kind: 'text' as const, text: remark },
    ]).flat(),
    { kind: 'qr', data: 'https://hub.local/x' },
  ],
  cut: true,
};
const global = globalThis as { __POS_ENCODE_WORKER__?: string };

afterEach(async () => {
  delete global.__POS_ENCODE_WORKER__;
  await stopEncodeWorker();
});

describe('encoding off the event loop', () => {
  it('gives the very bytes encode() gives, for image and text printers', async () => {
    const small: PrintDocument = { blocks: [{ kind: 'text', text: 'Mesa 5 ñ' }, { kind: 'text', text: '宫保鸡丁 x2' }, { kind: 'qr', data: 'x' }], cut: true };
    expect(await encodeOffThread(small, raster)).toEqual(encode(small, raster));
    expect(await encodeOffThread(small, text)).toEqual(encode(small, text));
  });

  it('the event loop keeps turning while a long Chinese ticket is drawn', { timeout: 60_000 }, async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    try {
      const pending = encodeOffThread(heavy, raster);
      // Drawn on this thread, the ticket would block until done and no turn could happen before it resolves.
      let doneAtTurn = -1;
      void pending.then(() => (doneAtTurn = turns));
      const bytes = await pending;
      expect(doneAtTurn).toBeGreaterThan(0);
      expect(bytes.length).toBeGreaterThan(100_000);
    } finally {
      clearInterval(timer);
    }
  });

  it('several printouts at once each get their own bytes', async () => {
    const docs = ['一', '二', '三', '四'].map((c): PrintDocument => ({ blocks: [{ kind: 'text', text: c.repeat(30) }], cut: true }));
    const out = await Promise.all(docs.map((d) => encodeOffThread(d, raster)));
    out.forEach((bytes, i) => expect(bytes).toEqual(encode(docs[i]!, raster)));
  });

  it("the bundled worker (single binary) requires only Node's own modules and draws from its text", { timeout: 60_000 }, async () => {
    const bundled = await bundleEncodeWorker('error');
    const required = [...bundled.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]!);
    expect(required.filter((name) => !name.startsWith('node:') && !builtinModules.includes(name))).toEqual([]);
    const d: PrintDocument = { blocks: [{ kind: 'text', text: '宫保鸡丁 x2' }], cut: true };
    global.__POS_ENCODE_WORKER__ = bundled;
    expect(await encodeOffThread(d, raster)).toEqual(encode(d, raster));
  });
});
