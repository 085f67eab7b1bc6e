import { Link } from 'react-router';
import { useT } from '../lib/use-t';

/** "Back to the home page", closing a one-message page (newsletter links…). */
export function HomeLink({ className }: { className?: string | undefined }) {
  const t = useT();
  return (
    <Link to="/" className={className}>
      {t('status.action.home')}
    </Link>
  );
}
