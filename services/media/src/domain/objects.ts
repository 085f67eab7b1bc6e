import { doomedKeys, forgetDoomed } from '../store/gc.store.ts';
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
