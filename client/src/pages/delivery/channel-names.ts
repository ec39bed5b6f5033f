import { useEffect, useState } from 'react';
import { fetchChannelNames } from '../intake/intake-api.ts';

/**
 * The web channels' names by id, for a takeout's `web:<id>` (GET /api/intake/channels/names),
 * fetched once when the page shows a web order; empty until then, or when the hub cannot say.
 */
export function useChannelNames(needed: boolean): Readonly<Record<string, string>> {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!needed) return;
    let live = true;
    void fetchChannelNames().then((r) => live && r.ok && setNames(r.body.names));
    return () => {
      live = false;
    };
  }, [needed]);
  return names;
}
