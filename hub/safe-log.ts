/**
 * Characters that could make one log message look like several, or rewrite
 * what a terminal shows: C0 controls (newline, carriage return, ESC...), DEL,
 * C1 controls, the Unicode line and paragraph separators, and the bidi
 * overrides and isolates that reorder what is displayed.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` on one line: every unsafe character spelled as an escape (`\n`, `\x1b`, `\u2028`). */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const named = NAMED[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * Wraps the hub's log sink so that every message is exactly one line. The
 * hub logs text that people typed (a sign-in identifier, a device label);
 * without this, `"1\n2026-… auth: owner signed in"` would forge a record.
 * Done here, once, so no caller can forget it; a stack trace becomes one
 * line with `\n` in it, which is still readable and still one record.
 */
export function oneLineLog(sink: (line: string) => void): (msg: string) => void {
  return (msg) => sink(escapeControl(msg));
}
