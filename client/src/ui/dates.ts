/**
 * A restaurant day (YYYY-MM-DD, a Lima calendar day) as people write it in
 * the device's language: 23/11/2026 in Spanish, 2026/11/23 in Chinese, never
 * the ISO form on a page (issue 18 item 16). The day itself, never shifted by
 * the device's time zone. Anything that is not a day is shown as it came.
 */
export function dayText(day: string, lang: string): string {
  const at = Date.parse(`${day}T12:00:00Z`);
  return Number.isNaN(at) ? day : new Date(at).toLocaleDateString(lang, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
}
