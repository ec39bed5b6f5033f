import path from 'node:path';

/**
 * Where the updater finds and puts things (/work/notes LAYOUT, installer/linux):
 *
 *   <root>/opt/pos-hub/releases/<version>/pos-hub   one folder per release, root-owned
 *   <root>/opt/pos-hub/current  -> releases/<v>     what the unit starts
 *   <root>/opt/pos-hub/previous -> releases/<old>   what a failed update goes back to
 *   <data>/updates/incoming/<version>/pos-hub       staged by the hub (which may write only <data>)
 *   <data>/updates/request.json                     the request; its path unit starts the updater
 *   <data>/updates/last-result.json                 what the updater did, shown to the owner
 *   <root>/opt/pos-hub/update-journal.json          where an update under way stands (journal.ts), root's
 *   <root>/opt/pos-hub/updater -> releases/<old>    the release whose updater finishes an interrupted update
 *   <data>/updates/kept/                            the store as it was before the new release opened it (keep-store.ts)
 *   <data>/updates/rolled-back/                     the store a failed release left, put aside by the rollback
 *
 * `root` is `/` on a box and a scratch folder in tests: nothing here writes
 * the real /opt. The request sits at a fixed path (not under its version)
 * so a systemd path unit can watch it with PathExists=.
 */
export type UpdateLayout = {
  data: string;
  releases: string;
  current: string;
  previous: string;
  updates: string;
  incoming: string;
  request: string;
  lastResult: string;
  journal: string;
  /** A folder holding the updaters' own lock (hub/store/data-lock.ts's flock): one updater at a time. */
  updaterLock: string;
  updater: string;
  kept: string;
  rolledBack: string;
};

export function updateLayout(dataDir: string, root = '/'): UpdateLayout {
  const opt = path.join(root, 'opt', 'pos-hub');
  const updates = path.join(dataDir, 'updates');
  return {
    data: dataDir,
    releases: path.join(opt, 'releases'),
    current: path.join(opt, 'current'),
    previous: path.join(opt, 'previous'),
    updates,
    incoming: path.join(updates, 'incoming'),
    request: path.join(updates, 'request.json'),
    lastResult: path.join(updates, 'last-result.json'),
    journal: path.join(opt, 'update-journal.json'),
    updaterLock: path.join(opt, 'update-lock'),
    updater: path.join(opt, 'updater'),
    kept: path.join(updates, 'kept'),
    rolledBack: path.join(updates, 'rolled-back'),
  };
}

/** The staged binary of a release (under incoming/) and its installed place (under releases/). */
export function stagedBinary(layout: UpdateLayout, version: string): string {
  return path.join(layout.incoming, version, 'pos-hub');
}
export function releaseBinary(layout: UpdateLayout, version: string): string {
  return path.join(layout.releases, version, 'pos-hub');
}
