import { Button } from '@mantine/core';
import { useEffect, useReducer } from 'react';
import type { EmailCodeEvent } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { canSendCode, initialSendCode, sendCodeReducer } from '../../lib/send-code';
import { useT } from '../../lib/use-t';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useToast } from '../Toasts';

/**
 * "Send" beside a captcha input (spec §4): sends the code by email (POST /api/ems/send), then
 * counts 60 seconds down before a resend; the server's refusal (address taken, too soon, rate
 * limit) is its own message in a toast.
 */
export function SendCodeButton({
  event,
  email,
  disabled = false,
}: {
  event: EmailCodeEvent;
  /** The address to send to, or null when it is not valid yet (the form shows why). */
  email: () => string | null;
  disabled?: boolean;
}) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const [state, dispatch] = useReducer(sendCodeReducer, initialSendCode);

  useEffect(() => {
    if (state.phase !== 'counting') return;
    const id = window.setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 250);
    return () => window.clearInterval(id);
  }, [state.phase]);

  async function send() {
    if (!canSendCode(state)) return;
    const address = email();
    if (!address) return;
    dispatch({ type: 'send' });
    try {
      const result = await api.op(ops.sendCode, { email: address, event });
      dispatch({ type: 'sent', now: Date.now(), seconds: result.data?.resendAfter });
      toast('success', result.msg || t('account.code.sent'));
    } catch (error) {
      dispatch({ type: 'failed' });
      toast('error', errorText(error));
    }
  }

  const label =
    state.phase === 'counting'
      ? t('account.code.resendIn', { seconds: state.remaining })
      : t(state.sentBefore ? 'account.code.resend' : 'account.code.send');

  return (
    <Button
      type="button"
      variant="light"
      onClick={send}
      loading={state.phase === 'sending'}
      disabled={disabled || state.phase === 'counting'}
      miw={128}
      data-testid="send-code"
    >
      {label}
    </Button>
  );
}
