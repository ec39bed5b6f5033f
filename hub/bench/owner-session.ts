import { DEMO_STAFF } from '#hub/demo/staff.ts';

/** The owner signed in on a device of its own: the route paces reads per session (120 at once, then 20 a second), so each kind of search gets one. */
export async function ownerOn(url: string, deviceId: string): Promise<string> {
  const owner = DEMO_STAFF[0]!;
  const res = await fetch(new URL('/api/auth/signin', url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: owner.code, secret: owner.pin, deviceId }) });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
