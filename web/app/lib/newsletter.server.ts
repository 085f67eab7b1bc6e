import { data, type AppLoadContext } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { pageApi } from './api.server';
import { linkOutcomeOf, type LinkOutcome } from './newsletter';

/**
 * Follows a newsletter mail's signed link (confirm or unsubscribe) through the gateway: what it
 * led to and, when it worked, whose address. 400 for a missing or bad token, 503 when the
 * gateway could not answer.
 */
export async function followNewsletterLink(request: Request, context: AppLoadContext, operation: typeof ops.newsletterConfirm | typeof ops.newsletterUnsubscribe, token: string) {
  if (!token) return data({ outcome: 'invalid' as LinkOutcome, email: null as string | null }, { status: 400 });
  const { api } = pageApi(request, context);
  try {
    const { data: sub } = await api.op(operation, { token });
    return data({ outcome: 'done' as LinkOutcome, email: sub.email as string | null });
  } catch (error) {
    const outcome = linkOutcomeOf(error);
    return data({ outcome, email: null as string | null }, { status: outcome === 'error' ? 503 : 400 });
  }
}
