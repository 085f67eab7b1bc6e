/**
 * Small inline icons: no icon font or library in the bundle. All decorative (aria-hidden).
 *
 * The shared icons and the rating stars are drawn once per page, as symbols in IconSprite (the
 * root layout renders it at the top of the body), and each use is an `<svg><use href></svg>`: a
 * home page shows about fifty icons and twenty ratings, and every element and attribute of them
 * was rendered, compressed, sent and parsed again on each view (issue 20). Icons of one page
 * alone (posts/post-icons.tsx) keep their shapes inline through Svg.
 */
import type { SVGProps } from 'react';
import classes from './icons.module.css';

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

/** The shapes of the shared stroke icons (24 × 24, drawn in the frame Svg describes). */
const SHAPES = {
  'chevron-down': '<path d="m6 9 6 6 6-6"/>',
  'chevron-right': '<path d="m9 6 6 6-6 6"/>',
  'chevron-left': '<path d="m15 6-6 6 6 6"/>',
  'globe': '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>',
  'headset': '<path d="M4 14v-2a8 8 0 0 1 16 0v2"/><rect x="3" y="13" width="4" height="6" rx="1.5"/><rect x="17" y="13" width="4" height="6" rx="1.5"/><path d="M19 19a3 3 0 0 1-3 3h-3"/>',
  'menu': '<path d="M4 7h16M4 12h16M4 17h16"/>',
  'search': '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>',
  'map-pin': '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>',
  'shield-check': '<path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z"/><path d="m9 12 2 2 4-4"/>',
  'mail': '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
  'bell': '<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z"/><path d="M10 20.5a2 2 0 0 0 4 0"/>',
} as const;
type IconName = keyof typeof SHAPES;

/** One star's outline after its starting point (relative moves), 24 units wide. */
const STAR = 'l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4-5.7-3.1-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';
/** Five stars in a row, 25 units apart, as one path. */
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => `M${12 + 25 * i} 2.8${STAR}`).join('');

const STROKE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
/** The sprite's symbols as markup, built once. */
let symbols: string | undefined;
export function iconSymbols(): string {
  symbols ??=
    Object.entries(SHAPES)
      .map(([name, shapes]) => `<symbol id="bw-i-${name}" viewBox="0 0 24 24" ${STROKE}>${shapes}</symbol>`)
      .join('') + `<symbol id="bw-stars" viewBox="0 0 124 24"><path d="${FIVE_STARS}"/></symbol>`;
  return symbols;
}

/**
 * The page's icon symbols (invisible, taking no space), before any icon: the root layout renders
 * it first in the body. The markup is one string the server writes; the browser keeps it through
 * hydration, so the client bundle does not carry it (as the after-paint script in root.tsx).
 */
export function IconSprite() {
  return <svg className={classes.sprite} aria-hidden="true" focusable="false" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? iconSymbols() : '' }} />;
}

/** A shared icon: its symbol in the page's sprite, scaled to `size` and drawn in currentColor. */
function Icon({ icon, size = 18, ...rest }: IconProps & { icon: IconName }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false" {...rest}>
      <use href={`#bw-i-${icon}`} />
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

export const ChevronDown = (p: IconProps) => <Icon icon="chevron-down" size={14} {...p} />;

export const ChevronRight = (p: IconProps) => <Icon icon="chevron-right" size={14} {...p} />;

export const ChevronLeft = (p: IconProps) => <Icon icon="chevron-left" size={14} {...p} />;

export const GlobeIcon = (p: IconProps) => <Icon icon="globe" {...p} />;

export const HeadsetIcon = (p: IconProps) => <Icon icon="headset" {...p} />;

export const MenuIcon = (p: IconProps) => <Icon icon="menu" size={22} {...p} />;

export const SearchIcon = (p: IconProps) => <Icon icon="search" {...p} />;

export const MapPinIcon = (p: IconProps) => <Icon icon="map-pin" size={14} {...p} />;

export const ShieldCheckIcon = (p: IconProps) => <Icon icon="shield-check" size={14} {...p} />;

export const MailIcon = (p: IconProps) => <Icon icon="mail" size={16} {...p} />;

/**
 * Five stars filled from the left to `value` (0–5), 4.3 showing four stars and a third: the grey
 * row and the gold row over it, clipped by a nested svg's own box (so the element needs no id),
 * both the sprite's one five-star path.
 */
export function StarRow({ value, size = 16 }: { value: number; size?: number }) {
  const v = Math.max(0, Math.min(5, value));
  const whole = Math.floor(v);
  const lit = Math.round((whole * 25 + (v - whole) * 24) * 100) / 100;
  return (
    <svg width={Math.round((size * 124) / 24)} height={size} viewBox="0 0 124 24" aria-hidden="true" focusable="false">
      <use href="#bw-stars" fill="#d9dee8" />
      {lit > 0 && (
        <svg width={lit} height="24">
          <use href="#bw-stars" width="124" height="24" fill="#f5a524" />
        </svg>
      )}
    </svg>
  );
}

export const BellIcon = (p: IconProps) => <Icon icon="bell" {...p} />;
