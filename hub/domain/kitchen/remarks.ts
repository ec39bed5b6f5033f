import type { LinePreset, Names, State } from '#protocol';
import { refuse, type Decision } from '../decision.ts';

/**
 * A dish's remarks (hub/protocol/remarks.ts): presets picked by id, kept with
 * their names, and a free text. Pure; shared by the rules, the kitchen
 * tickets and the devices (which show a line's remarks in their language).
 */

/**
 * The presets named by `ids`, with their names as the menu settings give them
 * now; none (or no ids) gives []. An id twice is INCORRECT_INPUT, an id the
 * restaurant does not have (deleted since the device loaded the menu) is
 * NOT_FOUND: the waiter picks again rather than the kitchen missing a remark.
 */
export function presetsFor(s: State, ids: readonly string[] | undefined): LinePreset[] | Decision {
  if (!ids || ids.length === 0) return [];
  if (new Set(ids).size !== ids.length) return refuse('INCORRECT_INPUT', 'remarkIds');
  const out: LinePreset[] = [];
  for (const id of ids) {
    const preset = s.menuSettings.remarks.find((r) => r.id === id);
    if (!preset) return refuse('NOT_FOUND', 'remarkIds');
    out.push({ id: preset.id, names: { ...preset.names } });
  }
  return out;
}

/** Whether `presetsFor` refused. */
export function presetsRefused(x: LinePreset[] | Decision): x is Decision {
  return !Array.isArray(x);
}

/** The line with these presets: the field only when there are some (lines without keep their old shape). */
export function withPresets<T extends { presets?: LinePreset[] }>(line: T, presets: readonly LinePreset[]): T {
  const { presets: _old, ...rest } = line;
  return (presets.length > 0 ? { ...rest, presets: [...presets] } : rest) as T;
}

/** The ids of a line's presets ([] when none). */
export function presetIds(line: { presets?: readonly LinePreset[] }): string[] {
  return (line.presets ?? []).map((p) => p.id);
}

/**
 * A line's presets the restaurant still has, by id: what a copy of the line (reorder, copy table)
 * asks for. One the owner deleted since is left out: the copy is made by today's menu, as its price is.
 */
export function livePresetIds(s: State, line: { presets?: readonly LinePreset[] }): string[] {
  return knownPresetIds(s, presetIds(line));
}

/** The ids among these that the restaurant still has. */
export function knownPresetIds(s: State, ids: readonly string[]): string[] {
  return ids.filter((id) => s.menuSettings.remarks.some((r) => r.id === id));
}

function nameIn(names: Names, language: keyof Names): string {
  return names[language] || names.es || names.en || names.zh;
}

/**
 * A line's remarks as one text in a language: the presets' names in it
 * (Spanish when a preset has no name there), then the free text as typed.
 * "Sin picante, Sin cebolla, término medio".
 */
export function remarkText(line: { remark: string; presets?: readonly LinePreset[] }, language: keyof Names): string {
  return [...(line.presets ?? []).map((p) => nameIn(p.names, language)), line.remark].filter((x) => x !== '').join(', ');
}
