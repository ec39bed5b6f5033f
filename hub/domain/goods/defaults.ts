import type { MenuSettings, RemarkPreset } from '#protocol';

/** SPEC.md section 9 remark presets: every restaurant starts with these and may change them. */
export const DEFAULT_REMARKS: readonly RemarkPreset[] = [
  { id: 'mild', names: { es: 'Poco picante', en: 'Mild', zh: '微辣' } },
  { id: 'medium', names: { es: 'Picante medio', en: 'Medium spicy', zh: '中辣' } },
  { id: 'extraSpicy', names: { es: 'Muy picante', en: 'Extra spicy', zh: '特辣' } },
  { id: 'notSpicy', names: { es: 'Sin picante', en: 'Not spicy', zh: '不辣' } },
  { id: 'noOnion', names: { es: 'Sin cebolla', en: 'No onion', zh: '不要葱' } },
  { id: 'noCoriander', names: { es: 'Sin culantro', en: 'No coriander', zh: '不要香菜' } },
];

/** Menu settings of a hub that has never changed them. */
export function defaultMenuSettings(): MenuSettings {
  return { stations: [], remarks: DEFAULT_REMARKS.map((r) => ({ id: r.id, names: { ...r.names } })) };
}

/** The reason recorded for stock set by a menu import (the client translates it). */
export const IMPORT_REASON = 'import';
