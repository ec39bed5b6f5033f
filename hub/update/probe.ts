import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { parseVersionLine } from './hub-version.ts';

/**
 * Runs `<file> --version` (no shell, a clean environment, a time limit) and
 * reads the release it names. A file that is not a hub (a photo, a cut
 * download, a binary for another CPU) fails here, before anything is
 * backed up or swapped. Null when it did not answer as a hub does.
 */
export function probeRelease(file: string, timeoutMs = 30_000): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, ['--version'], { timeout: timeoutMs, maxBuffer: 64 * 1024, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } }, (err, stdout) => {
      resolve(err ? null : parseVersionLine(String(stdout)));
    });
  });
}

/** The sha256 (hex) and size of a file (a path, or an open handle read from its start and left open), read as a stream (a binary is 100+ MB). */
export async function fileDigest(file: string | FileHandle): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  if (typeof file !== 'string') {
    // Read by position, leaving the handle open for the copy that follows (apply.ts).
    const buffer = Buffer.alloc(1 << 20);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, size);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    return { sha256: hash.digest('hex'), size };
  }
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}
