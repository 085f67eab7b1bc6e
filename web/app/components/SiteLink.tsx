import { forwardRef, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';

/** A path of this site, with its query: `/detail?id=…`. */
export type SitePath = `/${string}`;

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: SitePath;
}

/** A plain left click the app follows itself (React Router's rule): no modifier key, no other target. */
function followedInApp(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/**
 * A link to a path of this site that renders and behaves as React Router's `<Link to="/…">`
 * (the same `<a href data-discover>`; a plain left click navigates in the app, replacing the
 * history entry when it points at the current address), for lists that repeat links: `<Link>`
 * resolves its path against the route matches and sets up prefetching and its click handler with
 * about fifteen hooks on every render, which made the header, footer and cards' 70–80 links a
 * page ≈ 5 % of a server render (issue 20). Absolute paths only; no state, prefetch or view
 * transitions (use `<Link>` for those).
 */
export const SiteLink = forwardRef<HTMLAnchorElement, SiteLinkProps>(function SiteLink({ to, onClick, target, ...rest }, ref) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !router || !followedInApp(event, target)) return;
    event.preventDefault();
    const { pathname, search, hash } = router.state.location;
    void router.navigate(to, { replace: `${pathname}${search}${hash}` === to });
  };
  // Attributes in <Link>'s order, so the markup is byte for byte the same.
  return <a {...rest} href={to} onClick={follow} ref={ref} target={target} data-discover="true" />;
});
