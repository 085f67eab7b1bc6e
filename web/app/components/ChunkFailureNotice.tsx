import { Button } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { chunkFailure } from '../lib/chunk-load';
import { useT } from '../lib/use-t';
import classes from './ChunkFailureNotice.module.css';

/**
 * Shown when the code of the page a link leads to could not be loaded (lib/chunk-load.ts): the
 * page stays as it was, and Reload loads that address in full (the server renders it whole).
 */
export function ChunkFailureNotice() {
  const t = useT();
  const href = useSyncExternalStore(chunkFailure.subscribe, chunkFailure.href, () => null);
  if (!href) return null;
  return (
    <div className={classes.notice} role="alert" data-testid="chunk-error">
      <p className={classes.title}>{t('app.chunkError.title')}</p>
      <p className={classes.text}>{t('app.chunkError.body')}</p>
      <Button component="a" href={href} size="sm">
        {t('app.chunkError.reload')}
      </Button>
    </div>
  );
}
