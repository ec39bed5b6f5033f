import { randomBytes } from 'node:crypto';
import { readSecretJson, writeSecretJson } from '#hub/store/secret-json.ts';
import { tokenId } from './secrets.ts';
import { idRecord, own, type IdRecord } from './auth-store.ts';

/**
 * The intake API's channels (issue 21): a web shop or aggregator the owner
 * connected, each with its own API key. Kept in `<data>/secrets/` (0600 in a
 * 0700 folder) beside the SOL user, never in the state, the log, a snapshot
 * or a broadcast: devices learn of channels only through the settings page's
 * `GET /api/intake/channels`, and a takeout names its channel as `web:<id>`.
 *
 * The key is shown once, when made; the hub keeps only its sha256. A key is
 * 256 random bits, so unlike a 4-digit PIN it needs no slow hash: a copy of
 * this file opens nothing, and the lookup by hash is one map read per request.
 * A revoked channel stays listed (its takeouts still name it) but its key is
 * forgotten at once.
 */
const FILE = 'intake-channels.json';

/** How many channels a restaurant may connect (a web shop, two aggregators, a test one...). */
export const MAX_CHANNELS = 20;

/** Every key starts so: a person who finds one in a config file knows what it opens. */
export const KEY_PREFIX = 'posk_';

/** A channel as stored. */
export type IntakeChannel = {
  /** 8 hex digits; takeouts name the channel `web:<id>`. */
  id: string;
  name: string;
  /** sha256 of the key (hex); '' once revoked. */
  keyHash: string;
  /** The key's first characters after the prefix, so the owner can tell keys apart on the page. */
  keyHint: string;
  createdAt: string;
  createdBy: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
};

/** What the settings page sees: everything but the hash. */
export type IntakeChannelView = Omit<IntakeChannel, 'keyHash'> & { active: boolean };

type ChannelDoc = { format: 1; channels: IdRecord<IntakeChannel> };

function isChannel(v: unknown): v is Partial<IntakeChannel> & Pick<IntakeChannel, 'id' | 'name' | 'keyHash' | 'createdAt'> {
  const c = v as Partial<IntakeChannel> | null;
  return typeof c?.id === 'string' && typeof c.name === 'string' && typeof c.keyHash === 'string' && typeof c.createdAt === 'string';
}

/** A file edited by hand or damaged reads as what it holds of well-shaped channels. */
function normalized(raw: unknown): ChannelDoc {
  const channels = idRecord<IntakeChannel>();
  const stored = (raw as { channels?: unknown } | null)?.channels;
  if (stored && typeof stored === 'object') {
    for (const [id, c] of Object.entries(stored)) {
      if (isChannel(c) && c.id === id) channels[id] = { ...c, keyHint: c.keyHint ?? '', createdBy: c.createdBy ?? null, revokedAt: c.revokedAt ?? null, revokedBy: c.revokedBy ?? null };
    }
  }
  return { format: 1, channels };
}

export function viewOfChannel(c: IntakeChannel): IntakeChannelView {
  const { keyHash, ...rest } = c;
  return { ...rest, active: keyHash !== '' && c.revokedAt === null };
}

/**
 * The channels and their keys' hashes, one change at a time, each written
 * (atomically) before it takes effect: a key the owner was shown works, and
 * a revoked key stops at once and stays stopped after a restart.
 */
export class IntakeChannels {
  private doc: ChannelDoc;
  private byHash = new Map<string, string>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly dataDir: string;

  private constructor(dataDir: string, doc: ChannelDoc) {
    this.dataDir = dataDir;
    this.doc = doc;
    this.index();
  }

  static async open(dataDir: string): Promise<IntakeChannels> {
    return new IntakeChannels(dataDir, normalized(await readSecretJson(dataDir, FILE)));
  }

  private index(): void {
    this.byHash = new Map();
    for (const c of Object.values(this.doc.channels)) if (c.keyHash !== '' && c.revokedAt === null) this.byHash.set(c.keyHash, c.id);
  }

  /** Every channel, oldest first. */
  list(): IntakeChannelView[] {
    return Object.values(this.doc.channels)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(viewOfChannel);
  }

  /** The active channel a key opens, or null (unknown, revoked, or not shaped like a key). */
  channelOfKey(key: string): IntakeChannel | null {
    if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
    const id = this.byHash.get(tokenId(key));
    return id === undefined ? null : (own(this.doc.channels, id) ?? null);
  }

  /** The channel by id, active or not. */
  get(id: string): IntakeChannel | null {
    return own(this.doc.channels, id) ?? null;
  }

  /** Makes a channel and its key; the key is returned here and never again. Null past MAX_CHANNELS. */
  create(name: string, by: string | null, now: Date): Promise<{ channel: IntakeChannelView; key: string } | null> {
    return this.change((doc) => {
      if (Object.keys(doc.channels).length >= MAX_CHANNELS) return null;
      let id = randomBytes(4).toString('hex');
      while (Object.hasOwn(doc.channels, id)) id = randomBytes(4).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      const key = `${KEY_PREFIX}${secret}`;
      const channel: IntakeChannel = { id, name, keyHash: tokenId(key), keyHint: secret.slice(0, 6), createdAt: now.toISOString(), createdBy: by, revokedAt: null, revokedBy: null };
      doc.channels[id] = channel;
      return { channel: viewOfChannel(channel), key };
    });
  }

  /**
   * Revokes a channel's key for good; null when there is no such channel.
   * Revoking twice keeps the first time (`changed` false for the second,
   * decided in the queue, so two at once cannot both say they revoked it).
   */
  revoke(id: string, by: string | null, now: Date): Promise<{ channel: IntakeChannelView; changed: boolean } | null> {
    return this.change((doc) => {
      const c = own(doc.channels, id);
      if (!c) return null;
      const changed = c.revokedAt === null;
      if (changed) doc.channels[id] = { ...c, keyHash: '', revokedAt: now.toISOString(), revokedBy: by };
      return { channel: viewOfChannel(doc.channels[id]!), changed };
    });
  }

  /** Applies `edit` to a copy, writes it, then makes it current; changes never interleave. */
  private change<R>(edit: (doc: ChannelDoc) => R): Promise<R> {
    const run = this.queue.then(async () => {
      const next = normalized(structuredClone({ channels: { ...this.doc.channels } }));
      const result = edit(next);
      await writeSecretJson(this.dataDir, FILE, next);
      this.doc = next;
      this.index();
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
