import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { replica } from '../sync/replica.ts';
import { KITCHEN_ROLE } from './kitchen-screen.ts';
import { endSession, session } from './session.ts';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Returns a signed-in device to the PIN screen after the restaurant's idle
 * time without a touch (settings.idleLockMinutes; 0 never locks). The lock
 * ends the session at the hub once the device's queued commands are delivered.
 * A kitchen screen (a cook signed in: kitchen-screen.ts) never locks: nobody
 * touches it for long stretches, and its tickets must stay in sight.
 */
export function useIdleLock(): void {
  const { status, staff } = useSnapshot(session);
  const { state } = useSnapshot(replica);
  const minutes = staff?.roleId === KITCHEN_ROLE ? 0 : (state?.settings?.idleLockMinutes ?? 0);
  useEffect(() => {
    if (status !== 'signedIn' || minutes <= 0) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void endSession('lock'), minutes * 60_000);
    };
    arm();
    for (const e of ACTIVITY) window.addEventListener(e, arm, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, arm);
    };
  }, [status, minutes]);
}
