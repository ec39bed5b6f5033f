import type { SVGProps } from 'react';

/**
 * The app's icons: inline SVG drawn here, shipped with the app. Emoji and
 * symbol characters are not used as icons: on a till without an emoji font
 * they show as empty boxes (issue 9). Each icon is 1em square, takes the
 * text colour (`currentColor`), and is hidden from screen readers: the
 * button or text beside it says what it means.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

/** Stroke paths on a 24×24 grid, in the style of a line icon set. */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  construction: 'M3 20h18M5 20 10.5 5h3L19 20M7.6 13h8.8M6.1 17h11.8',
  hourglass: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9',
  warning: 'M12 3 2.5 20h19zM12 10v4.5M12 17.2v.3',
  check: 'M4.5 12.5 9.5 17.5 19.5 7',
  close: 'M6 6l12 12M18 6 6 18',
  backspace: 'M9 5h11v14H9l-6-7zM12.5 9.5l5 5M17.5 9.5l-5 5',
  arrowLeft: 'M19 12H5M11 6l-6 6 6 6',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  arrowUp: 'M12 19V5M6 11l6-6 6 6',
  arrowDown: 'M12 5v14M6 13l6 6 6-6',
  chevronDown: 'M6 9l6 6 6-6',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3.5 2',
  users: 'M9 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7M2.5 20c.5-4 3-6 6.5-6s6 2 6.5 6M16 4.3a3.5 3.5 0 0 1 0 6.6M18 14.3c2 .7 3.2 2.6 3.5 5.7',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2',
  plus: 'M12 5v14M5 12h14',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  dot: 'M12 8.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7',
} as const;

/** The name of one of the app's icons. */
export type IconName = keyof typeof PATHS;

/** One icon by name (`<Icon name="lock" />`), drawn in the current text colour. */
export function Icon({ name, size = '1em', ...rest }: IconProps & { name: IconName }) {
  const filled = name === 'dot';
  return (
    <svg
      className={`icon icon-${name}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Every icon name, for the tests. */
export const ICON_NAMES = Object.keys(PATHS) as IconName[];
