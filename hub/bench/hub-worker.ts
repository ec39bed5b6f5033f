import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { startHub } from '#hub/server.ts';
import { summarize } from './common.ts';
import { hubSizes, sizesText } from './sizes.ts';

/**
 * A real hub (startHub, demo restaurant) on its own thread, so that the 30
 * simulated devices of the socket benchmarks do not share its event loop:
 * in a shop they are phones and tablets, not code in the hub's process.
 *
 * Messages: posts {type:'ready', port}; on 'close' it closes the hub and
 * posts {type:'closed', loopDelayP99Ms, loopDelayMaxMs, ..., sizes}.
 */

export type HubWorkerData = { dataDir: string; snapshotEvery?: number };
export type HubSide = {
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** engine.submit to its answer (decide, WAL write, fdatasync), measured inside the hub. */
  submitP50Ms: number;
  submitP99Ms: number;
  submits: number;
  /** What the hub held when the run ended (sizes.ts). */
  sizes: string;
};
export type HubWorkerMessage = { type: 'ready'; port: number } | ({ type: 'closed' } & HubSide) | { type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('hub-worker.ts runs as a worker thread');
const data = workerData as HubWorkerData;
const post = (m: HubWorkerMessage) => port.postMessage(m);

try {
  const hub = await startHub({
    dataDir: data.dataDir,
    port: 0,
    host: '127.0.0.1',
    demo: true,
    mdns: false,
    log: () => undefined,
    ...(data.snapshotEvery ? { snapshotEvery: data.snapshotEvery } : {}),
  });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  // Time each command inside the hub too (bench-only wrapper; intake calls engine.submit at call time).
  const engine = hub.engine;
  const submit = engine.submit.bind(engine);
  const submitTimes: number[] = [];
  let measuring = false;
  engine.submit = (command, actor) => {
    const t0 = performance.now();
    const reply = submit(command, actor);
    if (measuring) void reply.then(() => submitTimes.push(performance.now() - t0));
    return reply;
  };
  port.on('message', (m: unknown) => {
    if (m === 'measure') {
      measuring = true;
      delay.enable();
    }
    if (m !== 'close') return;
    measuring = false;
    delay.disable();
    const sizes = sizesText(hubSizes(hub.engine));
    hub.close().then(
      () => {
        const s = summarize(submitTimes);
        post({
          type: 'closed',
          loopDelayP99Ms: delay.percentile(99) / 1e6,
          loopDelayMaxMs: delay.max / 1e6,
          submitP50Ms: s.p50,
          submitP99Ms: s.p99,
          submits: s.count,
          sizes,
        });
        port.close();
      },
      (err: unknown) => post({ type: 'error', message: String(err) }),
    );
  });
  post({ type: 'ready', port: hub.port });
} catch (err) {
  post({ type: 'error', message: String(err) });
}
