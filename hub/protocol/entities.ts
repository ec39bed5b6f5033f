import { z } from 'zod';

/**
 * The base shapes every feature builds on: ids, money, short texts, names in
 * the three languages. Each feature's own entities live in its file under
 * features/; the whole live `State` is composed in registry.ts. Money is
 * always an integer number of céntimos (S/ 12.50 is 1250): exact, and
 * rounded to 2 decimals by construction (SPEC.md section 5).
 */
export { idSchema } from './ids.ts';
export const uuidSchema = z.uuid();
/** The largest amount the hub takes anywhere (S/ 1,000,000): a price, a payment, a whole order. */
export const MAX_CENTS = 100_000_000;
export const centsSchema = z.int().min(0).max(MAX_CENTS);
const text = (max: number) => z.string().trim().max(max);
/** SPEC.md section 9: default input max length 140. */
export const shortText = text(140);

export const namesSchema = z.object({ es: text(140), en: text(140), zh: text(140) });
export type Names = z.infer<typeof namesSchema>;

/** The live state every device replicates: every feature's slice (composed in registry.ts). */
export type { State } from './registry.ts';
