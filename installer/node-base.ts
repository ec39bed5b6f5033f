/**
 * The Node executable a binary is built on ("the base"): the build's own Node
 * for the machine it runs on, or, for another architecture, the same Node
 * version's official executable from the registry package `node-linux-<arch>`
 * (what the `node` devDependency installs on that machine). That package is
 * fetched with `npm pack` (npm refuses to install it for another CPU), and only
 * its `package/bin/node` is kept, in a cache folder that survives builds.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

export const ARCHES = ['x64', 'arm64'] as const;
export type Arch = (typeof ARCHES)[number];

export class NodeBaseError extends Error {
  override name = 'NodeBaseError';
}

/** ELF e_machine values: what a file says it runs on, checked before a base is trusted. */
const ELF_MACHINE: Record<Arch, number> = { x64: 0x3e, arm64: 0xb7 };

/** The architecture an ELF executable is built for, or null for anything else (a cut download, a script). */
export function elfArch(file: string): Arch | null {
  const head = Buffer.alloc(20);
  let read: number;
  try {
    const fd = openSync(file, 'r');
    try {
      read = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  if (read < head.length || head.readUInt32BE(0) !== 0x7f454c46) return null;
  const machine = head.readUInt16LE(18);
  return ARCHES.find((a) => ELF_MACHINE[a] === machine) ?? null;
}

/** The Node version the project runs on: the `node` devDependency, exact (e.g. 24.21.0). */
export function projectNodeVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
  const version = pkg.devDependencies?.node;
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new NodeBaseError(`package.json's devDependency "node" is not an exact version (${String(version)}).`);
  return version;
}

/** Where fetched bases are kept between builds (gitignored). */
export function baseCacheDir(root: string): string {
  return path.join(root, '.cache', 'node-bases');
}

/**
 * The executable to copy for `arch`. The running Node when it is already that
 * machine's; otherwise the cached (or now fetched) official Node of the same
 * version. The SEA blob is made by the running Node, so a cross build insists
 * that it is the project's version: a blob must be injected into the Node that
 * could have made it.
 */
export function nodeBase(arch: Arch, root: string, log: (line: string) => void): string {
  if (arch === process.arch) return process.execPath;
  const version = projectNodeVersion(root);
  if (process.version !== `v${version}`) {
    throw new NodeBaseError(`A build for ${arch} must run on the project's Node ${version} (the SEA blob is made by the running Node), not ${process.version}: use npm run build:binary.`);
  }
  const dir = path.join(baseCacheDir(root), `linux-${arch}-${version}`);
  const file = path.join(dir, 'node');
  if (existsSync(file) && elfArch(file) === arch) return file;
  fetchBase(arch, version, dir, log);
  if (elfArch(file) !== arch) throw new NodeBaseError(`${file} is not a linux-${arch} executable after the fetch.`);
  return file;
}

/** npm pack node-linux-<arch>@<version> into a work folder, keep bin/node, rename it into place. */
function fetchBase(arch: Arch, version: string, dir: string, log: (line: string) => void): void {
  const spec = `node-linux-${arch}@${version}`;
  // One work folder per fetch: builds running side by side (tests, the bench) never share one.
  const work = `${dir}.fetch-${process.pid}-${randomUUID()}`;
  log(`Fetching the ${arch} Node (${spec}, npm pack; cached in ${path.relative(process.cwd(), dir) || dir})...`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    try {
      execFileSync('npm', ['pack', spec, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    } catch {
      throw new NodeBaseError(`npm pack ${spec} failed (see above): the registry must be reachable once; later builds use the cache.`);
    }
    // The one tarball npm wrote into the empty work folder (its name is npm's business, not parsed from its output).
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new NodeBaseError(`npm pack ${spec} wrote no tarball.`);
    execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work, 'package/bin/node']);
    const node = path.join(work, 'package', 'bin', 'node');
    if (elfArch(node) !== arch) throw new NodeBaseError(`${spec}'s bin/node is not a linux-${arch} executable.`);
    mkdirSync(dir, { recursive: true });
    // Renamed into place last: a fetch cut halfway never leaves a file the next build would trust.
    renameSync(node, path.join(dir, 'node'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The strip command for a binary of `arch` built here, or null when this machine has none. */
export function stripCommand(arch: Arch): string | null {
  if (arch === process.arch) return 'strip';
  const cross = `${arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu-strip`;
  try {
    execFileSync('sh', ['-c', `command -v ${cross}`], { stdio: 'ignore' });
    return cross;
  } catch {
    return null;
  }
}
