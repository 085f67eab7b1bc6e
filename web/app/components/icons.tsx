/** Small inline icons: no icon font or library in the bundle. All decorative (aria-hidden). */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The frame every stroke icon shares (24 × 24, currentColor); other icon modules build on it. */
export function Svg({ size = 18, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function LogoMark({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#ffffff" />
      <path d="M16 5.5 7.5 9v6.2c0 5.4 3.6 9.6 8.5 11.3 4.9-1.7 8.5-5.9 8.5-11.3V9z" fill="#0a3ea8" />
      <path d="m11.8 15.8 3 3 5.6-6" fill="none" stroke="#ffffff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const ChevronDown = (p: IconProps) => (
  <Svg size={14} {...p}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);

export const ChevronRight = (p: IconProps) => (
  <Svg size={14} {...p}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
);

export const ChevronLeft = (p: IconProps) => (
  <Svg size={14} {...p}>
    <path d="m15 6-6 6 6 6" />
  </Svg>
);

export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Svg>
);

export const HeadsetIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19a3 3 0 0 1-3 3h-3" />
  </Svg>
);

export const MenuIcon = (p: IconProps) => (
  <Svg size={22} {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);

export const MapPinIcon = (p: IconProps) => (
  <Svg size={14} {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Svg>
);

export const ShieldCheckIcon = (p: IconProps) => (
  <Svg size={14} {...p}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
);

export const MailIcon = (p: IconProps) => (
  <Svg size={16} {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Svg>
);

/** One star's outline after its starting point (relative moves), 24 units wide. */
const STAR = 'l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4-5.7-3.1-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';
/** Five stars in a row, 25 units apart, as one path. */
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => `M${12 + 25 * i} 2.8${STAR}`).join('');

/**
 * Five stars filled from the left to `value` (0–5), 4.3 showing four stars and a third: one
 * element instead of five with a gradient each (a home page shows about twenty ratings, and every
 * element is rendered, sent and parsed on each uncached view). The gold row is the grey one
 * clipped by a nested svg's own box, so the element needs no id.
 */
export function StarRow({ value, size = 16 }: { value: number; size?: number }) {
  const v = Math.max(0, Math.min(5, value));
  const whole = Math.floor(v);
  const lit = Math.round((whole * 25 + (v - whole) * 24) * 100) / 100;
  return (
    <svg width={Math.round((size * 124) / 24)} height={size} viewBox="0 0 124 24" aria-hidden="true" focusable="false">
      <path fill="#d9dee8" d={FIVE_STARS} />
      {lit > 0 && (
        <svg width={lit} height="24">
          <path fill="#f5a524" d={FIVE_STARS} />
        </svg>
      )}
    </svg>
  );
}

export const BellIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Svg>
);
