/**
 * Running the arm64 binary on this x64 machine: Debian's qemu-user-static
 * emulates the CPU, and the arm64 C libraries of libc6-arm64-cross,
 * libstdc++6-arm64-cross and libgcc-s1-arm64-cross (under /usr/aarch64-linux-gnu)
 * stand in for a Raspberry Pi's. Times measured this way are an emulator's,
 * several times slower than a Pi's: never report them as a Pi's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const QEMU = 'qemu-aarch64-static';
const SYSROOT = '/usr/aarch64-linux-gnu';
export const ARM64_PACKAGES = 'qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross';

export type Emulator = { command: string; prefixArgs: string[] };

/** How to run an arm64 executable here, or why it cannot run (what to install). */
export function arm64Emulator(): Emulator | { missing: string } {
  try {
    execFileSync('sh', ['-c', `command -v ${QEMU}`], { stdio: 'ignore' });
  } catch {
    return { missing: `${QEMU} is not installed (apt-get install ${ARM64_PACKAGES})` };
  }
  // The dynamic loader and libstdc++ the arm64 Node links against.
  for (const lib of ['lib/ld-linux-aarch64.so.1', 'lib/libstdc++.so.6', 'lib/libgcc_s.so.1']) {
    if (!existsSync(`${SYSROOT}/${lib}`)) return { missing: `${SYSROOT}/${lib} is missing (apt-get install ${ARM64_PACKAGES})` };
  }
  return { command: QEMU, prefixArgs: ['-L', SYSROOT] };
}
