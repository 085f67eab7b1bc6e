import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import type { ReportTargetKind } from '@brokerwise/api-contract';
import { loadChunk } from '../lib/chunk-load';
import { loginUrlFor } from '../lib/guard';
import { useT } from '../lib/use-t';
import { useHydrated } from './account/use-form';
import { useSession } from './SessionProvider';
import { SiteLink } from './SiteLink';
import classes from './ReportButton.module.css';

// The dialog and its form arrive with the first click.
const ReportDialog = lazy(() => loadChunk(() => import('./ReportDialog')));

/**
 * "Report" on a review, post, comment or profile (issue 17): a dialog with the fixed reasons and
 * an optional text (required for "other"). Signed-out visitors get a link to sign in that brings
 * them back. Not shown on the visitor's own content.
 */
export function ReportButton({ kind, targetId, authorId }: { kind: ReportTargetKind; targetId: string; authorId?: string | undefined }) {
  const t = useT();
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(0);

  if (user && authorId && user.id === authorId) return null;
  if (!user) {
    return (
      <SiteLink to={loginUrlFor(pathname, search)} rel="nofollow" className={classes.trigger} data-testid={`report-${kind}-login`}>
        {t('report.button.label')}
      </SiteLink>
    );
  }

  return (
    <>
      <button type="button" className={classes.trigger} disabled={!hydrated} onClick={() => setOpened((n) => n + 1)} data-testid={`report-${kind}`}>
        {t('report.button.label')}
      </button>
      {opened > 0 && (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} targetId={targetId} opened={opened} />
        </Suspense>
      )}
    </>
  );
}
