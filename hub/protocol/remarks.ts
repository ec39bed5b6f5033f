import { z } from 'zod';
import type { Names } from './entities.ts';
import { idSchema } from './ids.ts';

/**
 * A dish's remarks (issue 18 items 8 and 10): the restaurant's presets the
 * waiter tapped, by id, and a free text typed beside them (`remark`, at most
 * 140 characters). A device sends the presets' ids; the hub keeps each with
 * its names in the three languages as they were when picked, so every
 * kitchen printer and screen prints it in its own language ("不辣" picked on
 * a Chinese phone prints "Sin picante" in a Spanish kitchen), and a preset
 * the owner deletes later still prints on the tickets of lines that had it.
 */
export const remarkIdsSchema = z.array(idSchema).max(10);

/** A preset remark on an order line: its id and names as they were when picked. */
export type LinePreset = { id: string; names: Names };
