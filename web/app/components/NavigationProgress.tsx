import { useNavigation } from 'react-router';
import classes from './NavigationProgress.module.css';

/** A thin bar at the top while the next page's data loads, so a click never looks ignored. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return <div className={classes.bar} data-busy={busy ? '' : undefined} aria-hidden="true" />;
}
