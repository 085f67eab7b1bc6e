import { isOutage, type ApiFailure } from '../lib/api';
import { useT } from '../lib/use-t';
import { Notice } from './Notice';

/**
 * Shown in place of a section whose data could not be loaded, so the page keeps its shell.
 * Transport failures use the spec's wording; business failures show the server's message. A request
 * the API refused (a value in the address it can't use) gets our own words: refreshing won't help,
 * and the API's message names query fields the visitor never typed.
 */
export function ErrorNotice({ error, titleId = 'error.notice.title' }: { error: ApiFailure; titleId?: string }) {
  const t = useT();
  if (!isOutage(error) && error.status !== 429) {
    return (
      <Notice tone="yellow" title={t('error.request.title')} data-testid="error-notice" data-refused="">
        {t('error.request.text')}
      </Notice>
    );
  }
  const detail =
    error.kind === 'business'
      ? error.msg || t('api.error.unknown')
      : t(error.kind === 'network' ? 'api.error.network' : 'api.error.timeout');
  return (
    <Notice tone="red" title={t(titleId)} data-testid="error-notice">
      {detail} {t('error.notice.retry')}
    </Notice>
  );
}

