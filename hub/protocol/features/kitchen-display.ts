import { z } from 'zod';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { kitchenTicketSchema, type KitchenTicket } from '../printers.ts';

/**
 * The kitchen display (issue 10): a kitchen station can be a screen instead
 * of, or beside, a printer. The print runner "prints" a kitchen ticket on a
 * screen by recording `kds.show` (the hub only); the station's tablet shows
 * its open tickets live, the cook bumps each when done and may recall the
 * last bumped. Tickets come through the same durable jobs as paper, so a
 * ticket is never lost between a printer and a screen.
 */

/** How long a bumped ticket stays in the live state (recall reaches back this far). */
export const KDS_KEEP_BUMPED_MS = 30 * 60_000;
/** At most this many bumped tickets per station stay in the live state (the newest). */
export const KDS_KEEP_BUMPED_PER_STATION = 50;

/** One ticket on a kitchen screen. Its id is the print job's id, so a job shows once. */
export type KdsTicket = {
  id: string;
  /** The screen (a printer of connection type `screen`) the job was for. */
  printerId: string;
  /** The ticket is a reprint of an earlier job (shown with a REPRINT mark). */
  reprint: boolean;
  ticket: KitchenTicket;
  /** Hub time the screen received it. */
  shownAt: string;
  /** '' while open. */
  bumpedAt: string;
  /** Who bumped it (null while open, or when the hub did). */
  bumpedBy: string | null;
  /** The order of bumps (1, 2, 3...; 0 while open): recall takes the station's highest. */
  bumpNo: number;
};

/** Payload schemas of the kitchen display. */
const kitchenDisplayCommandPayloads = {
  /** Internal: the print runner shows a kitchen ticket job on a screen. Showing the same job again changes nothing. */
  'kds.show': z.object({ ticketId: idSchema, printerId: idSchema, reprint: z.boolean(), ticket: kitchenTicketSchema }),
  /** The cook is done with a ticket: it leaves the screen. */
  'kds.bump': z.object({ ticketId: idSchema }),
  /** Brings back the station's last bumped ticket (a bump tapped by mistake). */
  'kds.recall': z.object({ station: idSchema }),
} as const;

/** Events of the kitchen display. */
export type KitchenDisplayEvent =
  | { type: 'kds.shown'; ticket: KdsTicket }
  | { type: 'kds.bumped'; ticketId: string; at: string; by: string | null }
  | { type: 'kds.recalled'; ticketId: string; at: string };

/**
 * The kitchen display slice: open tickets of every station, and the recently
 * bumped ones (bounded: see KDS_KEEP_BUMPED_MS and KDS_KEEP_BUMPED_PER_STATION).
 */
export type KitchenDisplayState = {
  kitchenDisplay: { tickets: Record<string, KdsTicket>; bumps: number };
};

/**
 * Kitchen display. Bump and recall need M001 (tables): the kitchen preset
 * role holds only M001, and a new alias would leave every existing kitchen
 * role without it until the owner edited the role.
 */
export const kitchenDisplayProtocol = defineProtocol<KitchenDisplayEvent, KitchenDisplayState>()({
  name: 'kitchen-display',
  commands: kitchenDisplayCommandPayloads,
  aliases: {
    'kds.show': INTERNAL,
    'kds.bump': 'M001',
    'kds.recall': 'M001',
  },
  errors: {
    KDS_ALREADY_BUMPED: 409,
    KDS_NOTHING_TO_RECALL: 409,
  },
});
