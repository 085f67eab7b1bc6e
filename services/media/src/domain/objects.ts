import { doomedKeys, forgetDoomed, forgetMove, queuedMoves } from '../store/gc.store.ts';
import type { Log, MediaContext } from './context.ts';

/**
 * Deletes stored objects whose rows are gone (recorded in `object_gc` in the same transaction
 * as the delete). `only` limits the run to the keys one request just doomed; without it, a
 * batch of whatever is left (the worker's sweep). A failed delete stays recorded for the next run.
 */
export async function deleteDoomedObjects(ctx: Pick<MediaContext, 'db' | 'objects'>, log: Log, only?: readonly string[]): Promise<number> {
  const keys = await doomedKeys(ctx.db, 200, only);
  let deleted = 0;
  for (const key of keys) {
    try {
      await ctx.objects.delete(key);
      await forgetDoomed(ctx.db, key);
      deleted += 1;
    } catch (err) {
      log.warn({ err, key }, 'object delete failed; will retry');
    }
  }
  return deleted;
}

/** Where a hidden post's files wait for an appeal; never served (the gateway's /media refuses it). */
export const HIDDEN_PREFIX = 'removed/';
export const hiddenKey = (key: string) => `${HIDDEN_PREFIX}${key}`;

/**
 * Moves the objects of posts a moderator hid (or restored) to their private (or public) key,
 * as queued in `object_move` with the change. `only` limits the run to the keys one request just
 * queued; without it, a batch of whatever is left (the worker's sweep). A failed move stays queued.
 */
export async function moveQueuedObjects(ctx: Pick<MediaContext, 'db' | 'objects'>, log: Log, only?: readonly string[]): Promise<number> {
  const moves = await queuedMoves(ctx.db, 200, only);
  let moved = 0;
  for (const { key, hidden } of moves) {
    const [from, to] = hidden ? [key, hiddenKey(key)] : [hiddenKey(key), key];
    try {
      const found = await ctx.objects.get(from);
      if (found) {
        await ctx.objects.put(to, found.body, found.info.contentType);
        await ctx.objects.delete(from);
        moved += 1;
      }
      await forgetMove(ctx.db, key, hidden);
    } catch (err) {
      log.warn({ err, key }, 'object move failed; will retry');
    }
  }
  return moved;
}
