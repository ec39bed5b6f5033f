import { z } from 'zod';

/** A calendar day as the pages send it (YYYY-MM-DD, a real date). */
export const dayOnlySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));

/** Most rows a page of members or ledger entries answers. */
export const MAX_MEMBER_PAGE = 50;

const page = {
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_MEMBER_PAGE).optional(),
};

/** GET /api/members: the directory search (phone, number, names, document), paged. */
export const memberSearchSchema = z.object({ q: z.string().max(80).optional(), ...page });

/** GET /api/members/:id/ledger: a member's balance moves, newest first, paged. */
export const ledgerPageSchema = z.object(page);

/** GET /api/members/lookup: a phone or a member number, exact (a till attaching a member). */
export const lookupSchema = z.object({ q: z.string().trim().min(1).max(20) });

/** GET /api/members/recharges|ledger?day=: one business day of the store's balance moves. */
export const dayQuerySchema = z.object({ day: dayOnlySchema });
