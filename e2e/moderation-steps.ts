/** Steps the trust-and-safety browser tests share: reporting from a page, removing from the moderation queue. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { hydrated } from './browser.ts';

export const toast = (page: Page, kind: 'success' | 'error', text: string) => page.getByTestId(`toast-${kind}`).filter({ hasText: text }).last().waitFor();

/** Reports with the `report-<kind>` button inside `scope` for the reason labelled `reason`; waits for the `done` toast. */
export async function reportFrom(page: Page, scope: Locator | Page, kind: 'review' | 'post' | 'comment', reason: string, done: string): Promise<void> {
  await hydrated(page);
  await scope.getByTestId(`report-${kind}`).click();
  const dialog = page.getByTestId('report-dialog').filter({ visible: true });
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByTestId('report-submit').click();
  await toast(page, 'success', done);
}

/** A moderator removes `targetId` from /admin/moderation (its reports read `reportedFor`), with a reason and a rule; waits for the `done` toast. */
export async function removeFromQueue(page: Page, targetId: string, o: { reportedFor: string; reason: string; rule: string; done: string }): Promise<void> {
  await page.goto('/admin/moderation');
  await hydrated(page);
  const entry = page.locator(`[data-testid="moderation-item"][data-target-id="${targetId}"]`);
  await entry.waitFor();
  expect(await entry.getByTestId('moderation-reasons').innerText()).toBe(o.reportedFor);
  await entry.getByTestId('moderation-remove').click();
  await entry.getByTestId('moderation-reason').fill(o.reason);
  await entry.getByTestId('moderation-rule').selectOption(o.rule);
  await entry.getByTestId('moderation-remove-confirm').click();
  await toast(page, 'success', o.done);
}
