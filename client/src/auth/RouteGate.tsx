import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAliases } from './aliases.ts';
import { NoAccess } from './NoAccess.tsx';
import { aliasForPath, homePath } from './route-alias.ts';

/** Shows a page only to a role holding its alias; anyone else reads why, with the way back. */
export function RouteGate(props: { children: ReactNode }) {
  const [location] = useLocation();
  const aliases = useAliases();
  const needed = aliasForPath(location);
  if (needed && !aliases.has(needed)) return <NoAccess home={homePath(aliases)} />;
  return props.children;
}
