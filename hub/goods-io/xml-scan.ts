import { MenuFileError } from './menu-file-error.ts';

/**
 * A forward-only XML scanner over the bytes of one part of a workbook, made
 * to be safe on hostile input: every step moves forward (so the work is
 * linear in the size of the part, whatever it holds), it keeps no stack (so
 * deep nesting costs nothing), it decodes only what a reader asks for, and it
 * refuses a DOCTYPE (entity definitions are how "billion laughs" files grow).
 * Markup is ASCII and UTF-8 never puts an ASCII byte inside a character, so
 * scanning bytes is exact.
 *
 * Usage: `next()` returns what comes next; after 'open' the element's local
 * name (namespace prefix removed), `selfClosing` and `attr()` are set; after
 * 'text', `text()` decodes it.
 */

export type XmlToken = 'open' | 'close' | 'text' | 'end';

/** Longest element or attribute name worth decoding; longer ones are nothing a workbook uses. */
const MAX_NAME = 64;
/** Most attributes one tag may carry (a worksheet root has about 15). */
const MAX_ATTRS = 256;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQ = 0x3d;
const COLON = 0x3a;
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

const damaged = (what: string) => new MenuFileError('fileDamaged', what);

export class XmlScanner {
  private pos = 0;
  /** Local name of the last 'open' or 'close' ('' when too long to be anything a reader wants). */
  name = '';
  /** Whether the last 'open' closed itself (`<c/>`). */
  selfClosing = false;
  private textStart = 0;
  private textEnd = 0;
  private cdata = false;
  /** Flat ranges of the last tag's attributes: local-name start, end, value start, end. */
  private readonly attrs: number[] = [];
  private attrCount = 0;
  private readonly names = new Map<number, string>();

  private readonly buf: Buffer;
  private readonly part: string;

  /** @param part the part's name, for the refusal's detail. */
  constructor(buf: Buffer, part: string) {
    this.buf = buf;
    this.part = part;
  }

  /** The next token; 'end' at the end of the part. */
  next(): XmlToken {
    const { buf } = this;
    const n = buf.length;
    if (this.pos >= n) return 'end';
    if (buf[this.pos] !== LT) {
      const lt = buf.indexOf(LT, this.pos);
      this.textStart = this.pos;
      this.textEnd = lt < 0 ? n : lt;
      this.cdata = false;
      this.pos = this.textEnd;
      return 'text';
    }
    const b1 = buf[this.pos + 1];
    if (b1 === 0x3f) return this.skipPast('?>', 'processing instruction');
    if (b1 === 0x21) return this.bang();
    if (b1 === SLASH) return this.closeTag();
    return this.openTag();
  }

  /** The last text token, entities decoded. Refused (fileTooBig) when longer than `maxChars`. */
  text(maxChars: number): string {
    const bytes = this.textEnd - this.textStart;
    // UTF-8 takes at least one byte per character, and an entity at least four per character.
    if (bytes > maxChars * 12) throw new MenuFileError('fileTooBig', `text in ${this.part}`);
    const raw = this.buf.toString('utf8', this.textStart, this.textEnd);
    const out = this.cdata ? raw : decodeEntities(raw);
    if (out.length > maxChars) throw new MenuFileError('fileTooBig', `text in ${this.part}`);
    return out;
  }

  /**
   * The value of the last tag's attribute with this local name (any prefix),
   * entities decoded; undefined when absent. A value longer than `maxChars`
   * is refused: no attribute a reader asks for is long in a real workbook.
   */
  attr(localName: string, maxChars = 1024): string | undefined {
    for (let i = 0; i < this.attrCount * 4; i += 4) {
      if (!this.nameIs(this.attrs[i]!, this.attrs[i + 1]!, localName)) continue;
      const start = this.attrs[i + 2]!;
      const end = this.attrs[i + 3]!;
      if (end - start > maxChars * 12) throw new MenuFileError('fileTooBig', `attribute ${localName} in ${this.part}`);
      const v = decodeEntities(this.buf.toString('utf8', start, end));
      if (v.length > maxChars) throw new MenuFileError('fileTooBig', `attribute ${localName} in ${this.part}`);
      return v;
    }
    return undefined;
  }

  private nameIs(start: number, end: number, name: string): boolean {
    if (end - start !== name.length) return false;
    for (let i = 0; i < name.length; i++) if (this.buf[start + i] !== name.charCodeAt(i)) return false;
    return true;
  }

  private skipPast(close: string, what: string): XmlToken {
    const at = this.buf.indexOf(close, this.pos + 2, 'latin1');
    if (at < 0) throw damaged(`unclosed ${what} in ${this.part}`);
    this.pos = at + close.length;
    return this.next();
  }

  private bang(): XmlToken {
    const { buf, pos } = this;
    if (buf.toString('latin1', pos, pos + 4) === '<!--') return this.skipPast('-->', 'comment');
    if (buf.toString('latin1', pos, pos + 9) === '<![CDATA[') {
      const end = buf.indexOf(']]>', pos + 9, 'latin1');
      if (end < 0) throw damaged(`unclosed CDATA in ${this.part}`);
      this.textStart = pos + 9;
      this.textEnd = end;
      this.cdata = true;
      this.pos = end + 3;
      return 'text';
    }
    // <!DOCTYPE and the like: no workbook has one, and entity definitions are an attack.
    throw damaged(`declaration in ${this.part}`);
  }

  /** Scans a name from `pos`; sets `name` to its local part; returns where it ends. */
  private scanName(from: number, stop: (b: number | undefined) => boolean): number {
    const { buf } = this;
    let p = from;
    let local = from;
    while (p < buf.length && !stop(buf[p])) {
      if (buf[p] === COLON) local = p + 1;
      p++;
    }
    if (p >= buf.length) throw damaged(`unclosed tag in ${this.part}`);
    if (p === from) throw damaged(`tag without a name in ${this.part}`);
    this.name = p - local <= MAX_NAME ? this.intern(local, p) : '';
    return p;
  }

  /**
   * The name between `start` and `end` as a string, without making a new
   * string for a name seen before: a sheet is millions of the same few tags,
   * and fresh strings for each would feed the garbage collector long pauses.
   */
  private intern(start: number, end: number): string {
    const { buf } = this;
    let h = end - start;
    for (let i = start; i < end; i++) h = (Math.imul(h, 31) + buf[i]!) | 0;
    const known = this.names.get(h);
    if (known !== undefined && known.length === end - start) {
      let same = true;
      for (let i = 0; i < known.length && same; i++) same = known.charCodeAt(i) === buf[start + i];
      if (same) return known;
    }
    const name = buf.toString('latin1', start, end);
    if (this.names.size < 1024) this.names.set(h, name);
    return name;
  }

  private closeTag(): XmlToken {
    const p = this.scanName(this.pos + 2, (b) => b === GT || isSpace(b));
    const gt = this.buf.indexOf(GT, p);
    if (gt < 0) throw damaged(`unclosed end tag in ${this.part}`);
    this.pos = gt + 1;
    return 'close';
  }

  private openTag(): XmlToken {
    const { buf } = this;
    const n = buf.length;
    let p = this.scanName(this.pos + 1, (b) => b === GT || b === SLASH || b === LT || isSpace(b));
    this.attrCount = 0;
    for (;;) {
      while (p < n && isSpace(buf[p])) p++;
      const b = buf[p];
      if (b === GT) {
        this.selfClosing = false;
        this.pos = p + 1;
        return 'open';
      }
      if (b === SLASH && buf[p + 1] === GT) {
        this.selfClosing = true;
        this.pos = p + 2;
        return 'open';
      }
      if (b === undefined || b === LT || b === SLASH || b === EQ) throw damaged(`broken tag in ${this.part}`);
      p = this.attribute(p);
    }
  }

  /** Reads one `name="value"` from `p`, records its ranges, returns where it ends. */
  private attribute(from: number): number {
    const { buf } = this;
    const n = buf.length;
    let p = from;
    let local = from;
    while (p < n && buf[p] !== EQ && buf[p] !== GT && buf[p] !== LT && buf[p] !== SLASH && !isSpace(buf[p])) {
      if (buf[p] === COLON) local = p + 1;
      p++;
    }
    const nameEnd = p;
    while (p < n && isSpace(buf[p])) p++;
    if (buf[p] !== EQ) throw damaged(`attribute without a value in ${this.part}`);
    p++;
    while (p < n && isSpace(buf[p])) p++;
    const quote = buf[p];
    if (quote !== 0x22 && quote !== 0x27) throw damaged(`unquoted attribute in ${this.part}`);
    const end = buf.indexOf(quote, p + 1);
    if (end < 0) throw damaged(`unclosed attribute in ${this.part}`);
    if (this.attrCount >= MAX_ATTRS) throw new MenuFileError('fileTooBig', `attributes in ${this.part}`);
    const i = this.attrCount++ * 4;
    this.attrs[i] = local;
    this.attrs[i + 1] = nameEnd;
    this.attrs[i + 2] = p + 1;
    this.attrs[i + 3] = end;
    const after = buf[end + 1];
    if (!isSpace(after) && after !== GT && after !== SLASH) throw damaged(`broken tag in ${this.part}`);
    return end + 1;
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Longest entity reference looked for (`&#x10FFFF;` is 10): keeps a run of `&` without `;` linear. */
const MAX_ENTITY = 12;

/** XML text with its entities decoded; anything that is not a valid reference is kept as written. */
export function decodeEntities(s: string): string {
  let amp = s.indexOf('&');
  if (amp < 0) return s;
  let out = '';
  let done = 0;
  while (amp >= 0) {
    let semi = -1;
    for (let j = amp + 1; j < s.length && j <= amp + MAX_ENTITY; j++) {
      if (s.charCodeAt(j) === 0x3b) {
        semi = j;
        break;
      }
    }
    const value = semi < 0 ? undefined : entityValue(s.slice(amp + 1, semi));
    if (value !== undefined) {
      out += s.slice(done, amp) + value;
      done = semi + 1;
    }
    amp = s.indexOf('&', value !== undefined ? done : amp + 1);
  }
  return out + s.slice(done);
}

function entityValue(name: string): string | undefined {
  if (name[0] !== '#') return Object.hasOwn(NAMED, name) ? NAMED[name] : undefined;
  const hex = name[1] === 'x' || name[1] === 'X';
  const digits = name.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9a-fA-F]{1,6}$/ : /^[0-9]{1,7}$/).test(digits)) return undefined;
  const code = parseInt(digits, hex ? 16 : 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
