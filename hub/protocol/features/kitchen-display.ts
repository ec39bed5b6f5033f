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
/**
 * At most this many open (unbumped) tickets stay on the screens, all stations together. A ticket
 * shown beyond it retires the oldest open one, which the station's screen then notes
 * (`retired`). 300 is more than a full night at the busiest pass (a screen nobody bumps); the
 * ticket stays in its print job and its order, only the screen forgets it.
 */
export const KDS_MAX_OPEN_TICKETS = 300;

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
  /** The cook has read the station's note of old tickets retired from the screen: it goes away. */
  'kds.dismissRetired': z.object({ station: idSchema }),
} as const;

/** Events of the kitchen display. */
export type KitchenDisplayEvent =
  | { type: 'kds.shown'; ticket: KdsTicket }
  | { type: 'kds.bumped'; ticketId: string; at: string; by: string | null }
  | { type: 'kds.recalled'; ticketId: string; at: string }
  | { type: 'kds.retiredDismissed'; station: string; at: string };

/** A station's note of open tickets retired unbumped (KDS_MAX_OPEN_TICKETS): how many, the last one when. */
export type KdsRetiredNote = { count: number; at: string };

/**
 * The kitchen display slice: open tickets of every station (at most
 * KDS_MAX_OPEN_TICKETS), and the recently bumped ones (bounded: see
 * KDS_KEEP_BUMPED_MS and KDS_KEEP_BUMPED_PER_STATION). `open` and `bumped`
 * index the tickets so that no rule scans them (hub/domain/kitchen-display);
 * state written before them lacks them and the appliers rebuild them once.
 */
export type KitchenDisplayState = {
  kitchenDisplay: {
    tickets: Record<string, KdsTicket>;
    bumps: number;
    /** Open tickets' ids, the one open longest first (shown, or recalled, earliest). */
    open?: string[];
    /** Per station, its kept bumped tickets' ids, the earliest bump first (recall takes the last). */
    bumped?: Record<string, string[]>;
    /** Per station, the note of tickets retired unbumped, until a cook dismisses it. */
    retired?: Record<string, KdsRetiredNote>;
  };
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
    'kds.dismissRetired': 'M001',
  },
  errors: {
    KDS_ALREADY_BUMPED: 409,
    KDS_NOTHING_TO_RECALL: 409,
    KDS_NOTHING_TO_DISMISS: 409,
  },
});
