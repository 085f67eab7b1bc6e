import { Alert } from '@mantine/core';
import type { ApiFailure } from '../lib/api';
import { useT } from '../lib/use-t';

/**
 * Shown in place of a section whose data could not be loaded, so the page keeps its shell.
 * Transport failures use the spec's wording; business failures show the server's message.
 */
export function ErrorNotice({ error, titleId = 'error.notice.title' }: { error: ApiFailure; titleId?: string }) {
  const t = useT();
  const detail =
    error.kind === 'business'
      ? error.msg || t('api.error.unknown')
      : t(error.kind === 'network' ? 'api.error.network' : 'api.error.timeout');
  return (
    <Alert color="red" variant="light" title={t(titleId)} role="alert" data-testid="error-notice">
      {detail} {t('error.notice.retry')}
    </Alert>
  );
}
