import type { RiderProfile } from '#protocol';
import { AVATAR_COLORS, initialsOf } from './rider-view.ts';

/** The rider's avatar: their initials on their colour (never an emoji: issue 9). */
export function RiderAvatar(props: { profile: Pick<RiderProfile, 'avatar'>; name: string; size?: number }) {
  const size = props.size ?? 40;
  return (
    <span className="rider-avatar" style={{ background: AVATAR_COLORS[props.profile.avatar.color] ?? AVATAR_COLORS.slate, width: size, height: size, fontSize: size * 0.4 }} aria-hidden="true">
      {initialsOf(props.profile, props.name)}
    </span>
  );
}
