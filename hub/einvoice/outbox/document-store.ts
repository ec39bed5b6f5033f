import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FiscalDocument, SummaryDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { fsyncDir, makePrivateDir, writeFileAtomic } from '#hub/store/durable-fs.ts';
import { metaOfDocument, metaOfSummary } from './document-meta.ts';
import { daysBetween, isDay, isDocumentKey, isRuc } from './keys.ts';
import type { DocumentMeta, DocumentPart, DocumentQuery, DocumentReader } from './types.ts';

/** The longest range `list` reads (a documents page asks for at most a year). */
export const MAX_LIST_DAYS = 400;

/** Thrown for a day or key that is not one (a writer's input comes from the hub, so this is a bug or an attack). */
export class DocumentKeyError extends Error {
  readonly code = 'DOCUMENT_KEY_INVALID';
  constructor(what: string) {
    super(`DOCUMENT_KEY_INVALID: ${what}`);
    this.name = 'DocumentKeyError';
  }
}

/** Called after every meta write (the outbox status keeps its counts from it). */
export type MetaListener = (meta: DocumentMeta) => void;

const SUFFIX: Record<DocumentPart, string> = { xml: '.xml', cdr: '.cdr.xml', json: '.json' };

/**
 * The e-invoice documents on disk: `<data>/einvoice/YYYY-MM-DD/<RUC>-<key>.*`
 * (types.ts). Every write is atomic and fsynced (durable-fs); the `.meta.json`
 * is written last when filing, so a document with a meta has its files. One
 * write at a time per document (a read-modify-write of its meta never loses
 * another's change). Days and keys are checked against exact shapes before
 * they touch a path (keys.ts).
 */
export class DocumentStore implements DocumentReader {
  readonly root: string;
  private readonly clock: () => Date;
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<MetaListener>();

  constructor(dataDir: string, clock: () => Date = () => new Date()) {
    this.root = path.join(dataDir, 'einvoice');
    this.clock = clock;
  }

  onMeta(listener: MetaListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- read side (DocumentReader) ----

  async list(query: DocumentQuery): Promise<DocumentMeta[]> {
    if (!isDay(query.from) || !isDay(query.to)) throw new DocumentKeyError('day');
    const days = daysBetween(query.from, query.to);
    if (days.length > MAX_LIST_DAYS) throw new DocumentKeyError('range');
    const found: DocumentMeta[] = [];
    for (const day of days) {
      for (const name of await this.names(day)) {
        if (!name.endsWith('.meta.json')) continue;
        const meta = await this.readMetaFile(path.join(this.root, day, name));
        if (!meta) continue;
        if (query.kinds && !query.kinds.includes(meta.kind)) continue;
        if (query.statuses && !query.statuses.includes(meta.status)) continue;
        found.push(meta);
      }
    }
    // Newest first: day, then time, then key.
    return found.sort((a, b) => (a.day !== b.day ? (a.day < b.day ? 1 : -1) : a.time !== b.time ? (a.time < b.time ? 1 : -1) : a.key < b.key ? 1 : -1));
  }

  async meta(day: string, key: string): Promise<DocumentMeta | null> {
    const base = await this.locate(day, key);
    return base ? this.readMetaFile(`${base}.meta.json`) : null;
  }

  /**
   * Waits for a write of this document already under way: the outbox starts filing a sale's
   * document as the settle commits, so a void or a reprint sent in the instant after reads it
   * as filed instead of finding nothing (and computing it anew with today's settings).
   */
  async settled(day: string, key: string): Promise<void> {
    await this.locks.get(`${day}/${key}`);
  }

  async read(day: string, key: string, part: DocumentPart): Promise<{ fileName: string; bytes: Buffer } | null> {
    if (!Object.hasOwn(SUFFIX, part)) return null;
    const base = await this.locate(day, key);
    if (!base) return null;
    const bytes = await readOrNull(`${base}${SUFFIX[part]}`);
    if (!bytes) return null;
    const name = path.basename(base);
    return { fileName: part === 'cdr' ? `R-${name}.xml` : `${name}${SUFFIX[part]}`, bytes };
  }

  // ---- write side (the outbox runners) ----

  /**
   * Files a factura, boleta or credit note: its data, its unsigned XML, its
   * meta (status filed). Filing again changes nothing; a document known so far
   * only from its summary line gets its data and XML, its meta kept.
   */
  fileDocument(doc: FiscalDocument, unsignedXml: string, billId: string | null = null): Promise<DocumentMeta> {
    const meta = metaOfDocument(doc, this.now(), billId);
    return this.file(doc.issuer.ruc, meta, JSON.stringify(doc, null, 1), unsignedXml);
  }

  /** Files a daily summary (key = its id, day = its issue day), as above. */
  fileSummary(summary: SummaryDocument, unsignedXml: string): Promise<DocumentMeta> {
    return this.file(summary.issuer.ruc, metaOfSummary(summary, this.now()), JSON.stringify(summary, null, 1), unsignedXml);
  }

  /** The stored XML when it is the signed one (meta.digest set), else null. */
  async signedXml(day: string, key: string): Promise<string | null> {
    const meta = await this.meta(day, key);
    if (!meta || meta.digest === '') return null;
    return (await this.read(day, key, 'xml'))?.bytes.toString('utf8') ?? null;
  }

  /** Keeps the signed XML and its digest, moving a filed document to `status`. Signing twice keeps the first signature. */
  storeSigned(day: string, key: string, signedXml: string, digest: string, status: DocumentMeta['status']): Promise<DocumentMeta> {
    return this.withLock(day, key, async (base, meta) => {
      if (meta.digest !== '') return meta;
      await writeFileAtomic(`${base}.xml`, signedXml);
      return this.writeMeta(base, { ...meta, digest, status: meta.status === 'filed' ? status : meta.status });
    });
  }

  /** Keeps SUNAT's answer (the CDR's XML) beside the document. */
  storeCdr(day: string, key: string, cdrXml: string): Promise<void> {
    return this.withLock(day, key, async (base) => {
      await writeFileAtomic(`${base}.cdr.xml`, cdrXml);
      return null;
    }).then(() => undefined);
  }

  /** The document as it was filed (its `.json`) under the same day and key, or null when none is (or it cannot be read). */
  async filed(doc: FiscalDocument): Promise<FiscalDocument | null> {
    try {
      const stored = await this.read(doc.issueDate, fiscalKey(doc), 'json');
      return stored ? (JSON.parse(stored.bytes.toString('utf8')) as FiscalDocument) : null;
    } catch {
      return null;
    }
  }

  /** Changes a document's meta (status, answer, ticket, summary id); `change` returns the new meta, or the same object for no write. */
  update(day: string, key: string, change: (meta: DocumentMeta) => DocumentMeta): Promise<DocumentMeta> {
    return this.withLock(day, key, async (base, meta) => {
      const next = change(meta);
      return next === meta ? meta : this.writeMeta(base, next);
    });
  }

  /**
   * Writes a meta for a document not filed yet (a summary line whose own job
   * has not run), under `ruc`; an existing one is left as it is. Then `update`.
   */
  async ensure(ruc: string, meta: DocumentMeta): Promise<DocumentMeta> {
    this.check(meta.day, meta.key, ruc);
    return this.serial(`${meta.day}/${meta.key}`, async () => {
      const base = (await this.locate(meta.day, meta.key)) ?? (await this.dayDir(meta.day), path.join(this.root, meta.day, `${ruc}-${meta.key}`));
      return (await this.readMetaFile(`${base}.meta.json`)) ?? this.writeMeta(base, meta);
    });
  }

  // ---- internals ----

  private async file(ruc: string, meta: DocumentMeta, json: string, xml: string): Promise<DocumentMeta> {
    this.check(meta.day, meta.key, ruc);
    return this.serial(`${meta.day}/${meta.key}`, async () => {
      const dir = await this.dayDir(meta.day);
      const base = (await this.locate(meta.day, meta.key)) ?? path.join(dir, `${ruc}-${meta.key}`);
      const existing = await this.readMetaFile(`${base}.meta.json`);
      if (!(await exists(`${base}.json`))) await writeFileAtomic(`${base}.json`, json);
      if (!(await exists(`${base}.xml`))) await writeFileAtomic(`${base}.xml`, xml);
      if (!existing) return this.writeMeta(base, meta);
      // Known from a summary line: the document's own facts (time, bill) fill in, its status stays.
      if (existing.time === '' && meta.time !== '') return this.writeMeta(base, { ...existing, time: meta.time, billId: existing.billId ?? meta.billId });
      return existing;
    });
  }

  private check(day: string, key: string, ruc?: string): void {
    if (!isDay(day) || !isDocumentKey(key) || (ruc !== undefined && !isRuc(ruc))) throw new DocumentKeyError(`${JSON.stringify(day)} ${JSON.stringify(key)}`);
  }

  private now(): string {
    return this.clock().toISOString();
  }

  /** The day's folder, made (and its name made durable) when missing. */
  private async dayDir(day: string): Promise<string> {
    await makePrivateDir(this.root);
    const dir = path.join(this.root, day);
    const made = await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (made !== undefined) {
      await fsyncDir(this.root);
      await fsyncDir(path.dirname(this.root));
    }
    return dir;
  }

  private async names(day: string): Promise<string[]> {
    try {
      return await fs.readdir(path.join(this.root, day));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw err;
    }
  }

  /** The path of a document without extension (`<root>/<day>/<RUC>-<key>`), or null when it is not there. */
  private async locate(day: string, key: string): Promise<string | null> {
    if (!isDay(day) || !isDocumentKey(key)) return null;
    const wanted = `-${key}.meta.json`;
    const name = (await this.names(day)).find((n) => n.endsWith(wanted) && isRuc(n.slice(0, n.length - wanted.length)));
    return name ? path.join(this.root, day, name.slice(0, -'.meta.json'.length)) : null;
  }

  private async readMetaFile(file: string): Promise<DocumentMeta | null> {
    const bytes = await readOrNull(file);
    if (!bytes) return null;
    try {
      return JSON.parse(bytes.toString('utf8')) as DocumentMeta;
    } catch {
      return null;
    }
  }

  private async writeMeta(base: string, meta: DocumentMeta): Promise<DocumentMeta> {
    const next = { ...meta, updatedAt: this.now() };
    await writeFileAtomic(`${base}.meta.json`, JSON.stringify(next, null, 1));
    for (const listener of this.listeners) listener(next);
    return next;
  }

  /** Runs `work` on an existing document's meta, one at a time per document. */
  private withLock<T>(day: string, key: string, work: (base: string, meta: DocumentMeta) => Promise<T>): Promise<T> {
    this.check(day, key);
    return this.serial(`${day}/${key}`, async () => {
      const base = await this.locate(day, key);
      const meta = base ? await this.readMetaFile(`${base}.meta.json`) : null;
      if (!base || !meta) throw new DocumentKeyError(`${day} ${key} is not filed`);
      return work(base, meta);
    });
  }

  private serial<T>(lockKey: string, work: () => Promise<T>): Promise<T> {
    const before = this.locks.get(lockKey) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.locks.set(lockKey, settled);
    void settled.then(() => {
      if (this.locks.get(lockKey) === settled) this.locks.delete(lockKey);
    });
    return run;
  }
}

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  return (await readOrNull(file)) !== null;
}
