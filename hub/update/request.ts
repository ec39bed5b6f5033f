import { constants, promises as fs } from 'node:fs';
import { z } from 'zod';
import { isReleaseName } from './hub-version.ts';

/**
 * The files the hub and the updater pass each other. Both read them with
 * these schemas: the updater runs as root and must not trust what an
 * unprivileged process wrote beyond this shape (a version is a safe folder
 * name, a checksum is 64 hex digits).
 */
const release = z.string().refine(isReleaseName, 'not a release name');

export const UpdateRequestSchema = z.object({
  version: release,
  /** The release running when the request was made: the one a failed update goes back to. */
  from: release,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().positive(),
  /** The backup made just before (hub/backup), named so the owner can restore it if all else fails. */
  backup: z.string().max(200).nullable(),
  requestedAt: z.string().max(40),
  source: z.enum(['upload', 'usb']),
});
export type UpdateRequest = z.infer<typeof UpdateRequestSchema>;

export const UPDATE_RESULT_CODES = ['UPDATE_INSTALLED', 'UPDATE_ROLLED_BACK', 'UPDATE_ROLLBACK_FAILED', 'UPDATE_CHECKSUM_MISMATCH', 'UPDATE_BAD_REQUEST', 'UPDATE_INSTALL_FAILED'] as const;
export type UpdateResultCode = (typeof UPDATE_RESULT_CODES)[number];

export const UpdateResultSchema = z.object({
  ok: z.boolean(),
  code: z.enum(UPDATE_RESULT_CODES),
  /** The release asked for. */
  version: z.string().max(40),
  /** The release that runs now. */
  running: z.string().max(40).nullable(),
  from: z.string().max(40).nullable(),
  backup: z.string().max(200).nullable(),
  startedAt: z.string().max(40),
  finishedAt: z.string().max(40),
  /** For the technician: what the updater saw (English, like the console). */
  detail: z.string().max(2000),
});
export type UpdateResult = z.infer<typeof UpdateResultSchema>;

/** Reads and checks one of these files; null when it is missing, unreadable or not of the shape. */
export async function readChecked<T>(file: string, schema: z.ZodType<T>): Promise<T | null> {
  let text: string;
  // Root reads what the hub's user wrote: never through a link, never a FIFO or a device (a hang, or
  // /dev/zero without end), never more than a request can be.
  const handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!handle) return null;
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > 20_000) return null;
    text = await handle.readFile('utf8');
  } catch {
    return null;
  } finally {
    await handle.close();
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
