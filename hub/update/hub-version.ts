import pkg from '../../package.json' with { type: 'json' };

/** Set by installer/bundle.ts when the binary is built: `<UTC date>.<git commit>`; absent when run from source. */
declare const __POS_BUILD__: string | undefined;

/**
 * The hub's release version (package.json's `version`) and its build. What
 * `pos-hub --version` prints, what /api/health answers and what the updater
 * waits for after it swapped binaries (a hub that answers with the old
 * version is the old binary still running).
 *
 * From source only, POS_HUB_VERSION_OVERRIDE replaces the release: the update
 * tests run two "releases" of the same source (hub/update/README.md). A built
 * binary ignores it, so a box always reports what it really is.
 */
export type HubVersion = { release: string; build: string };

export function hubVersion(env: NodeJS.ProcessEnv = process.env): HubVersion {
  const built = typeof __POS_BUILD__ === 'string' ? __POS_BUILD__ : null;
  const override = built === null ? env.POS_HUB_VERSION_OVERRIDE : undefined;
  return { release: override && isReleaseName(override) ? override : pkg.version, build: built ?? 'source' };
}

/** `pos-hub 0.1.0 (build 20261129.4dc09a9)`: one line, the release second word (the updater reads it back with parseVersionLine). */
export function versionLine(v: HubVersion = hubVersion()): string {
  return `pos-hub ${v.release} (build ${v.build})`;
}

/** The release named by a `--version` line, or null when the line is not one a hub prints. */
export function parseVersionLine(text: string): string | null {
  const m = /^pos-hub (\S+) \(build [^\s()]+\)\s*$/.exec(text.trim());
  return m && isReleaseName(m[1]!) ? m[1]! : null;
}

/** A release name is also a folder name under releases/: digits, letters, dots, + and -, nothing that walks (no `..`, no `/`). */
export function isReleaseName(text: string): boolean {
  return /^[0-9][0-9A-Za-z.+-]{0,39}$/.test(text) && !text.includes('..');
}

/**
 * Orders two releases by their numeric parts (1.10.0 after 1.9.2); a suffix
 * (`-rc1`) sorts before the plain release of the same numbers.
 */
export function compareReleases(a: string, b: string): number {
  const parts = (v: string) => {
    const [nums = '', suffix = ''] = v.split(/-(.*)/s);
    return { nums: nums.split('.').map((n) => Number.parseInt(n, 10) || 0), suffix };
  };
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.nums.length, pb.nums.length); i++) {
    const d = (pa.nums[i] ?? 0) - (pb.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (pa.suffix === pb.suffix) return 0;
  if (pa.suffix === '') return 1;
  if (pb.suffix === '') return -1;
  return pa.suffix < pb.suffix ? -1 : 1;
}
