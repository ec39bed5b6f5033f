/**
 * The V8 settings the hub runs with, wherever it starts: the single binary
 * (build-binary.ts writes them as the SEA config's `execArgv`), `npm start`
 * (package.json's scripts repeat them) and the start-up bench.
 *
 * `--max-semi-space-size=8` (MB): V8's young generation otherwise grows to
 * 64-128 MB while a start reads the store (a year of data with 20,000
 * tickets waiting), and that memory stays resident: 338 MB of RSS at the
 * first /api/health instead of 233 MB, and no faster (measured 2, 4, 8 and
 * 16: 8 was the quickest and 16 already 30 MB more). It must be a flag:
 * `v8.setFlagsFromString` at the top of the entry comes after the heap is
 * set up and changes nothing (measured).
 */
export const HUB_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
