import { describe, expect, it } from 'vitest';
import { canSendCode, initialSendCode, RESEND_SECONDS, sendCodeReducer, type SendCodeEvent, type SendCodeState } from '../app/lib/send-code';

const run = (events: SendCodeEvent[], from: SendCodeState = initialSendCode) => events.reduce(sendCodeReducer, from);

describe('send-code button (spec §4)', () => {
  it('goes idle → sending → a 60-second countdown → idle, resend allowed', () => {
    const t0 = 1_000_000;
    expect(canSendCode(initialSendCode)).toBe(true);
    const sending = run([{ type: 'send' }]);
    expect(sending).toEqual({ phase: 'sending', sentBefore: false });
    expect(canSendCode(sending)).toBe(false);

    const counting = run([{ type: 'sent', now: t0 }], sending);
    expect(counting).toEqual({ phase: 'counting', until: t0 + RESEND_SECONDS * 1000, remaining: 60 });
    expect(canSendCode(counting)).toBe(false);

    expect(run([{ type: 'tick', now: t0 + 1_000 }], counting)).toMatchObject({ phase: 'counting', remaining: 59 });
    expect(run([{ type: 'tick', now: t0 + 59_001 }], counting)).toMatchObject({ phase: 'counting', remaining: 1 });
    const done = run([{ type: 'tick', now: t0 + 60_000 }], counting);
    expect(done).toEqual({ phase: 'idle', sentBefore: true });
    expect(canSendCode(done)).toBe(true);
  });

  it('is disabled while sending or counting: clicks are ignored', () => {
    const sending = run([{ type: 'send' }]);
    expect(run([{ type: 'send' }], sending)).toBe(sending);
    const counting = run([{ type: 'sent', now: 0 }], sending);
    expect(run([{ type: 'send' }], counting)).toBe(counting);
  });

  it('returns to idle when the server refuses, without a countdown', () => {
    expect(run([{ type: 'send' }, { type: 'failed' }])).toEqual({ phase: 'idle', sentBefore: false });
    // A refused resend keeps the "resend" wording.
    expect(run([{ type: 'send' }, { type: 'failed' }], { phase: 'idle', sentBefore: true })).toEqual({ phase: 'idle', sentBefore: true });
  });

  it("uses the server's resendAfter when it gives one", () => {
    expect(run([{ type: 'send' }, { type: 'sent', now: 0, seconds: 90 }])).toMatchObject({ remaining: 90, until: 90_000 });
    expect(run([{ type: 'send' }, { type: 'sent', now: 0, seconds: 0 }])).toMatchObject({ remaining: 60 });
  });

  it('ignores stray events (a late answer, ticks while idle)', () => {
    expect(run([{ type: 'sent', now: 0 }])).toBe(initialSendCode);
    expect(run([{ type: 'failed' }])).toBe(initialSendCode);
    expect(run([{ type: 'tick', now: 5 }])).toBe(initialSendCode);
  });

  it('counts from the clock, not from the number of ticks (timers drift in background tabs)', () => {
    const counting = run([{ type: 'send' }, { type: 'sent', now: 0 }]);
    // One tick after 45 s in a throttled tab jumps straight to 15.
    expect(run([{ type: 'tick', now: 45_000 }], counting)).toMatchObject({ remaining: 15 });
    // The same second twice keeps the same state object (no re-render).
    const at = run([{ type: 'tick', now: 1_200 }], counting);
    expect(run([{ type: 'tick', now: 1_400 }], at)).toBe(at);
  });
});
