/** The lane of one printer: its print jobs and drawer kicks, one at a time, in the order they were made. */
export function printerLane(printerId: string): string {
  return `printer:${printerId}`;
}
