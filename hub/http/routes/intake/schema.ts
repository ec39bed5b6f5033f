import { z } from 'zod';
import { idSchema } from '#protocol';

/**
 * The body a web shop or aggregator posts to `POST /api/intake/orders`: the
 * intake API's public contract (documented for their developers in the
 * README, "Intake API"). Only this route reads it, so it lives here; what the
 * route makes of it is the protocol's `takeout.intake` command.
 *
 * Money never comes from the caller for dishes: a line names a dish of the
 * hub's menu (and a size), and its price is the menu's. The caller may give
 * a delivery fee (the shop computes it by distance), bounded.
 */

/** Free text is kept as typed (trimmed), HTML included: it is stored and shown as text, never as markup. */
const text = (max: number) => z.string().trim().max(max);

/** Peru's mobile numbers: 9 digits starting with 9, with or without +51; spaces, dots and dashes ignored. */
export function normalizePeruMobile(raw: string): string | null {
  const digits = raw.replace(/[\s.()-]/g, '');
  const m = /^(?:\+?51)?(9\d{8})$/.exec(digits);
  return m ? m[1]! : null;
}

/** A Peruvian mobile, answered as its 9 digits. */
const phoneSchema = z
  .string()
  .max(20)
  .transform((raw, ctx) => {
    const phone = normalizePeruMobile(raw);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'PHONE_INVALID' });
      return z.NEVER;
    }
    return phone;
  });

/** The largest delivery fee a channel may set (S/ 200): a typo of 20000 soles never reaches a guest's bill. */
export const MAX_FEE_CENTS = 20_000;
/** Lines per order: a web order is a family's dinner, not a catering list. */
export const MAX_LINES = 50;

export const intakeLineSchema = z.object({
  /** The hub's dish id (from `GET /api/intake/menu`). */
  productId: idSchema,
  /** The size, when the dish has sizes. */
  specId: idSchema.optional(),
  qty: z.int().min(1).max(99),
  remark: text(140).optional(),
});

export const intakeDeliverySchema = z.object({
  address: text(200).min(1),
  reference: text(200).optional(),
  receiverName: text(60).optional(),
  receiverPhone: phoneSchema.optional(),
  distanceM: z.int().min(0).max(100_000).optional(),
  feeCents: z.int().min(0).max(MAX_FEE_CENTS).optional(),
  /** The bill the guest pays with at the door (the rider brings change); 0 or absent: exact or paid. */
  changeForCents: z.int().min(0).max(100_000).optional(),
});

export const intakeOrderSchema = z
  .object({
    /** The channel's own order id: the idempotency key, with the channel. */
    externalId: idSchema,
    method: z.enum(['delivery', 'pickup']),
    /** SPEC order type: `immediate` (send now; a delivery's default), `takeaway` (a pickup's default), `reservation` (for `expectedAt`). */
    type: z.enum(['takeaway', 'immediate', 'reservation']).optional(),
    /** When the guest wants it (ISO 8601 with offset); required for a reservation. */
    expectedAt: z.iso.datetime({ offset: true }).optional(),
    customer: z.object({ name: text(60).min(1), phone: phoneSchema }),
    delivery: intakeDeliverySchema.optional(),
    lines: z.array(intakeLineSchema).min(1).max(MAX_LINES),
    /** A note for the restaurant ("ring twice"): kept as text. */
    note: text(280).optional(),
    /** The shop took the money online: the order arrives paid. */
    paid: z.boolean().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.method === 'delivery' && !o.delivery) ctx.addIssue({ code: 'custom', path: ['delivery'], message: 'DELIVERY_ADDRESS_REQUIRED' });
    if (o.type === 'reservation' && !o.expectedAt) ctx.addIssue({ code: 'custom', path: ['expectedAt'], message: 'REQUIRED' });
  });

export type IntakeOrder = z.infer<typeof intakeOrderSchema>;
export type IntakeLine = z.infer<typeof intakeLineSchema>;

/** The owner's form: a channel's name (the shop's name, as the restaurant calls it). */
export const channelCreateSchema = z.object({ name: text(40).min(1) });
