import { constants as fsc, promises as fs, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fsyncDir, PRIVATE_FILE_MODE } from './durable-fs.ts';

/** Zeros written ahead of a segment's data at a time: about 250 records of ~1 KB. */
export const ROOM_CHUNK = 256 * 1024;
/** More room is written once less than this is left. */
const ROOM_LOW = ROOM_CHUNK / 2;
/**
 * With less room left than this (a new segment has none), the next room starts
 * this far past the data, so that records go on being written (as plain appends)
 * while it is made, instead of waiting for the zeros.
 */
const ROOM_GAP = 64 * 1024;
/** Room is written once a segment has taken this many writes since it was opened: a log in use, not a hub started to be read or stopped. */
export const ROOM_AFTER_WRITES = 8;
/** On a disk with less free space than this the log writes no room ahead: the space is for data. */
const ROOM_MIN_FREE = 16 * ROOM_CHUNK;
/**
 * Room is made only after a write of at most this many bytes (a few devices' records). Room saves a
 * small write its size change, a journal commit about half as dear as the write itself; a group
 * commit of many devices' records (64 x ~2 KB) pays that commit once for all of them, while the
 * 256 KB of zeros it would need every second write doubled the bytes the disk was asked for and
 * made the writes wait for the room or go through the thread pool beside it (issue 20: the
 * 64-device rounds ran ~25 % faster with an ack p99 about half as long without it, measured
 * alternately on a busy machine).
 */
export const ROOM_MAX_WRITE = 16 * 1024;

let zeros: Buffer | null = null;

/**
 * The file of the next segment, made ahead of its rotation (issue 20, acks through a snapshot). Its
 * name never matches a segment's (`\d{16}.log`): a reader of the log skips it, and `Wal.open` finds
 * it holding records only after a crash between its rename and the directory's fsync (wal.ts).
 */
export const SPARE_NAME = 'next-segment.spare';

/** A spare made ahead: open, its room of zeros on disk, its name on disk. */
export type Spare = { file: string; handle: fs.FileHandle; size: number };

/**
 * One open log segment, written at its data's end with `O_DSYNC` (each write
 * returns once its bytes are on the disk).
 *
 * Why the room: appending to the end of a file changes its size, so every
 * durable write also commits the file system's journal (an ext4 append costs
 * about 1.5 times an overwrite). So the segment keeps zeros written ahead of its
 * data (`ROOM_CHUNK` at a time, fsynced, in the thread pool while records go on
 * being written), and a record overwrites blocks that already belong to the
 * file. Records never contain a zero byte (JSON escapes it), so the data ends
 * at the last byte that is not zero (`dataEnd`); the room is cut off when the
 * segment is closed or rotated away from, so a segment at rest holds data only.
 * Writing room is an optimisation: if it fails, or the disk is nearly full,
 * the segment simply grows record by record.
 */
export class WalSegment {
  readonly file: string;
  /** The seq its name gives: no record in it comes before this one. */
  readonly firstSeq: number;
  /** Bytes of whole records; the next write goes here. */
  dataEnd: number;
  private readonly handle: fs.FileHandle;
  /** The file's size: data, then zeros. */
  private fileEnd: number;
  /** Room being written, from `roomFrom` on: no record goes past that until it is done. */
  private growing: Promise<void> | null = null;
  private roomFrom = 0;
  private roomOff = false;
  private writes = 0;
  /** A new segment's name on its way to the disk (fsync of the directory); no record in it is acknowledged before. */
  private naming: Promise<void> | null = null;

  private constructor(file: string, firstSeq: number, handle: fs.FileHandle, dataEnd: number, fileEnd: number) {
    this.file = file;
    this.firstSeq = firstSeq;
    this.handle = handle;
    this.dataEnd = dataEnd;
    this.fileEnd = fileEnd;
  }

  /**
   * Opens the segment `name` in `dir` for writing after `dataEnd` (the end of
   * its whole records, as read), creating it if `create`. A new name must be
   * on disk before any record in it is acknowledged: the directory's fsync
   * starts here and the first write waits for it, so a rotation does not hold
   * the write loop for it.
   */
  static async open(dir: string, name: string, firstSeq: number, dataEnd: number, create: boolean): Promise<WalSegment> {
    const file = path.join(dir, name);
    const handle = await fs.open(file, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_DSYNC, PRIVATE_FILE_MODE);
    try {
      const size = (await handle.stat()).size;
      const segment = new WalSegment(file, firstSeq, handle, Math.min(dataEnd, size), size);
      if (create) segment.startNaming();
      return segment;
    } catch (err) {
      await handle.close();
      if (create) await fs.unlink(file).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Makes the next segment's file in `dir` ahead of time, beside the write loop: created, a chunk of
   * room written (O_DSYNC: on disk when the write returns), the directory fsynced so its name is
   * durable. A rotation then only renames it (`adopt`): no file to create, no name to wait for, and
   * its first records overwrite room instead of growing the file. Null when it could not be made
   * (disk full, read-only): the rotation opens a new file as before.
   */
  static async prepare(dir: string): Promise<Spare | null> {
    const file = path.join(dir, SPARE_NAME);
    let handle: fs.FileHandle | null = null;
    try {
      await fs.unlink(file).catch(() => undefined);
      handle = await fs.open(file, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_DSYNC, PRIVATE_FILE_MODE);
      const { bavail, bsize } = await fs.statfs(dir);
      if (bavail * bsize < ROOM_MIN_FREE) throw new Error('no room for a spare segment');
      zeros ??= Buffer.alloc(ROOM_CHUNK);
      let off = 0;
      while (off < ROOM_CHUNK) off += (await handle.write(zeros, off, ROOM_CHUNK - off, off)).bytesWritten;
      await fsyncDir(dir);
      return { file, handle, size: ROOM_CHUNK };
    } catch {
      await handle?.close().catch(() => undefined);
      await fs.unlink(file).catch(() => undefined);
      return null;
    }
  }

  /**
   * The spare becomes the segment `name` (first record `firstSeq`): one rename, synchronous (the
   * thread pool may be busy with a snapshot's files; a rename is a directory entry, not a data
   * write). Its name need not be on disk before its first record is acknowledged: after a crash
   * that lost the rename, `Wal.open` finds the spare holding records and names it by its first one.
   * Throws when the rename fails (the caller opens a new file instead).
   */
  static adopt(spare: Spare, dir: string, name: string, firstSeq: number): WalSegment {
    const file = path.join(dir, name);
    renameSync(spare.file, file);
    const segment = new WalSegment(file, firstSeq, spare.handle, 0, spare.size);
    // Its room is there from the start: written ahead like any other (the first records overwrite it).
    segment.writes = ROOM_AFTER_WRITES;
    return segment;
  }

  /**
   * Writes `data` at the end of the data; resolves once it is on the disk.
   * `inPlace` writes synchronously (a fast disk: cheaper than two thread
   * hand-offs; not while room is being written), otherwise through the thread pool. On failure the caller must
   * `cutBack` before writing again. Resolves to whether the write was made in place.
   */
  async write(data: Buffer, inPlace: boolean): Promise<boolean> {
    // Never write into room still being written: wait for it (rare: it starts well ahead of the data).
    if (this.growing && this.dataEnd + data.length > this.roomFrom) await this.growing;
    const at = this.dataEnd;
    // While room is being written the disk is busy with it: a write made in place
    // could hold the event loop for as long, so it goes to the thread pool then.
    const here = inPlace && !this.growing;
    if (here) {
      let off = 0;
      while (off < data.length) off += writeSync(this.handle.fd, data, off, data.length - off, at + off);
    } else {
      let off = 0;
      while (off < data.length) off += (await this.handle.write(data, off, data.length - off, at + off)).bytesWritten;
    }
    if (this.naming) {
      // Failed: tried again by the next write (this one is refused and cut back).
      await this.naming.catch((err: unknown) => {
        this.startNaming();
        throw err;
      });
      this.naming = null;
    }
    this.dataEnd = at + data.length;
    this.fileEnd = Math.max(this.fileEnd, this.dataEnd);
    this.writes++;
    this.makeRoomIfLow(data.length);
    return here;
  }

  /** After a failed write: the file ends at the last whole record again (no half record may precede a whole one). */
  async cutBack(): Promise<void> {
    await this.settle();
    await this.handle.truncate(this.dataEnd);
    await this.handle.datasync();
    this.fileEnd = this.dataEnd;
  }

  /** Cuts the room off (the data is already on disk; a crash before this leaves zeros, which readers skip) and closes. */
  async close(): Promise<void> {
    await this.settle();
    try {
      if (this.fileEnd > this.dataEnd) await this.handle.truncate(this.dataEnd);
    } catch {
      // Zeros left at the end are read past; a failing disk must not keep the file open.
    } finally {
      await this.handle.close();
    }
  }

  private startNaming(): void {
    this.naming = fsyncDir(path.dirname(this.file));
    // Awaited by the next write; nobody may be waiting yet.
    this.naming.catch(() => undefined);
  }

  private async settle(): Promise<void> {
    while (this.growing) await this.growing;
  }

  /** True while zeros are being written ahead of the data (tests). */
  get writingRoom(): boolean {
    return this.growing !== null;
  }

  private makeRoomIfLow(written: number): void {
    if (written > ROOM_MAX_WRITE || this.roomOff || this.growing || this.writes < ROOM_AFTER_WRITES || this.fileEnd - this.dataEnd >= ROOM_LOW) return;
    const done = this.writeRoom().finally(() => {
      if (this.growing === done) this.growing = null;
    });
    this.growing = done;
  }

  private async writeRoom(): Promise<void> {
    const from = this.fileEnd - this.dataEnd < ROOM_GAP ? this.dataEnd + ROOM_GAP : this.fileEnd;
    this.roomFrom = from;
    try {
      const { bavail, bsize } = await fs.statfs(path.dirname(this.file));
      if (bavail * bsize < ROOM_MIN_FREE) {
        this.roomOff = true;
        return;
      }
      zeros ??= Buffer.alloc(ROOM_CHUNK);
      let off = 0;
      while (off < ROOM_CHUNK) off += (await this.handle.write(zeros, off, ROOM_CHUNK - off, from + off)).bytesWritten;
      this.fileEnd = Math.max(this.fileEnd, from + ROOM_CHUNK);
    } catch {
      // Records go on being appended without room. Records are written only below
      // `from` meanwhile, so cutting there gives back whatever the failed write took.
      this.roomOff = true;
      await this.handle.truncate(from).then(
        () => void (this.fileEnd = Math.max(this.fileEnd, from)),
        () => undefined,
      );
    }
  }
}

/** Where a segment's data ends: after its last byte that is not zero (the rest is room written ahead). */
export function dataEndOf(bytes: Buffer): number {
  let end = bytes.length;
  // Whole 8-byte words first: the room is a quarter of a megabyte of zeros.
  while (end >= 8 && bytes.readBigUInt64LE(end - 8) === 0n) end -= 8;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end;
}
