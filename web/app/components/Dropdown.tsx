import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ChevronDown } from './icons';
import classes from './Dropdown.module.css';

/**
 * A menu built on <details>/<summary>: it opens and is keyboard-operable without JavaScript
 * (crawlers, script-blocked visitors). `name` makes the header's menus mutually exclusive natively.
 * DropdownDismiss adds what only script can do: outside click, Escape and closing on navigation.
 */
export function Dropdown(props: {
  label: ReactNode;
  children: ReactNode;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  align?: 'start' | 'end';
  group?: string;
  showChevron?: boolean;
  className?: string | undefined;
}) {
  const { label, children, ariaLabel, align = 'start', group = 'site-menu', showChevron = true, className } = props;
  return (
    <details className={`${classes.dropdown} ${className ?? ''}`} name={group} data-dropdown="">
      <summary className={classes.trigger} aria-label={ariaLabel}>
        {label}
        {showChevron && <ChevronDown className={classes.chevron} />}
      </summary>
      <div className={classes.panel} data-align={align}>
        {children}
      </div>
    </details>
  );
}

function openDropdowns(): HTMLDetailsElement[] {
  return Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]'));
}

/** Mounted once: closes open dropdowns on outside click, Escape, link choice and route change. */
export function DropdownDismiss() {
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);

  useEffect(() => {
    // Only on a route change: a menu opened natively before hydration stays open.
    if (shown.current === `${pathname}${search}`) return;
    shown.current = `${pathname}${search}`;
    for (const d of openDropdowns()) d.open = false;
  }, [pathname, search]);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      const target = event.target as Element | null;
      for (const d of openDropdowns()) {
        const inside = target ? d.contains(target) : false;
        // A chosen link closes its menu too, even when it points at the current page.
        if (!inside || target?.closest('a')) d.open = false;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      for (const d of openDropdowns()) {
        const hadFocus = d.contains(document.activeElement);
        d.open = false;
        if (hadFocus) d.querySelector('summary')?.focus();
      }
    }
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return null;
}
