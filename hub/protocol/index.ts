/**
 * The one contract between devices and the hub. Both sides import from here;
 * nothing in this folder does I/O.
 */
export * from './version.ts';
export * from './errors.ts';
export * from './ids.ts';
export * from './entities.ts';
export * from './goods.ts';
export * from './goods-io.ts';
export * from './staff.ts';
export * from './command-alias.ts';
export * from './ruc.ts';
export * from './auth.ts';
export * from './activity.ts';
export * from './stock-history.ts';
export * from './jobs.ts';
export * from './commands.ts';
export * from './events.ts';
export * from './sync.ts';
export * from './parse-command.ts';
