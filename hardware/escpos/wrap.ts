/**
 * Wraps text to a line width counted in columns (CJK characters count two):
 * breaks at spaces, anywhere between Chinese characters (Chinese has no
 * spaces), and inside a word only when the word alone is wider than a line.
 */
import { charColumns, isCjk, textColumns } from './cjk.ts';

/** Breaks text into tokens: runs of spaces, single CJK characters, and runs of anything else (words). */
function tokens(text: string): string[] {
  const out: string[] = [];
  let word = '';
  let spaces = '';
  const flushWord = () => {
    if (word) out.push(word);
    word = '';
  };
  const flushSpaces = () => {
    if (spaces) out.push(spaces);
    spaces = '';
  };
  for (const char of text) {
    if (char === ' ') {
      flushWord();
      spaces += char;
    } else if (isCjk(char)) {
      flushWord();
      flushSpaces();
      out.push(char);
    } else {
      flushSpaces();
      word += char;
    }
  }
  flushWord();
  flushSpaces();
  return out;
}

/** Splits a word wider than `width` into pieces that fit. */
function splitWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const char of word) {
    const w = charColumns(char);
    if (used + w > width && piece) {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += char;
    used += w;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * The lines `text` takes at `width` columns (at least 2, so a CJK character
 * always fits). Newlines in the text start new lines; spaces at a break are
 * dropped; an empty paragraph is an empty line.
 */
export function wrap(text: string, width: number): string[] {
  const w = Math.max(2, Math.floor(width));
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    let paragraphStart = true;
    const pushLine = () => {
      paragraphStart = false;
      lines.push(line.trimEnd());
      line = '';
      used = 0;
    };
    for (const token of tokens(paragraph)) {
      const tw = textColumns(token);
      if (token.startsWith(' ')) {
        if (used === 0) {
          // Indentation at the start of a paragraph is kept; spaces left over at a break are dropped.
          if (paragraphStart) {
            line = token.slice(0, w - 1);
            used = line.length;
          }
        } else if (used + tw <= w) {
          line += token;
          used += tw;
        } else {
          pushLine();
        }
        continue;
      }
      if (used + tw <= w) {
        line += token;
        used += tw;
        continue;
      }
      if (used > 0) pushLine();
      if (tw <= w) {
        line = token;
        used = tw;
        continue;
      }
      const pieces = splitWord(token, w);
      for (const piece of pieces.slice(0, -1)) lines.push(piece);
      paragraphStart = false;
      line = pieces[pieces.length - 1] ?? '';
      used = textColumns(line);
    }
    pushLine();
  }
  return lines;
}

