/**
 * The send-code button's states (spec §4): idle → sending → a 60-second countdown after the server
 * accepted → idle again (resend allowed). Clicks are ignored while sending or counting. Time comes
 * in with the events, so the machine is pure and the countdown never drifts with timer jitter.
 */
export const RESEND_SECONDS = 60;

export type SendCodeState =
  | { phase: 'idle'; sentBefore: boolean }
  | { phase: 'sending'; sentBefore: boolean }
  | { phase: 'counting'; until: number; remaining: number };

export type SendCodeEvent =
  | { type: 'send' }
  /** The server accepted; `seconds` is its `resendAfter` when it gave one. */
  | { type: 'sent'; now: number; seconds?: number | undefined }
  | { type: 'failed' }
  | { type: 'tick'; now: number };

export const initialSendCode: SendCodeState = { phase: 'idle', sentBefore: false };

export function remainingSeconds(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function sendCodeReducer(state: SendCodeState, event: SendCodeEvent): SendCodeState {
  switch (event.type) {
    case 'send':
      return state.phase === 'idle' ? { phase: 'sending', sentBefore: state.sentBefore } : state;
    case 'sent': {
      if (state.phase !== 'sending') return state;
      const seconds = event.seconds && event.seconds > 0 ? event.seconds : RESEND_SECONDS;
      const until = event.now + seconds * 1000;
      return { phase: 'counting', until, remaining: remainingSeconds(until, event.now) };
    }
    case 'failed':
      return state.phase === 'sending' ? { phase: 'idle', sentBefore: state.sentBefore } : state;
    case 'tick': {
      if (state.phase !== 'counting') return state;
      const remaining = remainingSeconds(state.until, event.now);
      if (remaining === 0) return { phase: 'idle', sentBefore: true };
      return remaining === state.remaining ? state : { ...state, remaining };
    }
  }
}

export function canSendCode(state: SendCodeState): boolean {
  return state.phase === 'idle';
}
