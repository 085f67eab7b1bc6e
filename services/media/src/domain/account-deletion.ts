import type { Kysely } from '@brokerwise/sql';
import { commentIdsBy, postsByAuthor } from '../store/account-deletion.store.ts';
import { findComment } from '../store/interaction.store.ts';
import type { MediaTables } from '../store/types.ts';
import type { Clock, RequestMeta } from './context.ts';
import { dropCommentTree } from './interactions.ts';
import { dropPost } from './posts.ts';

/**
 * An administrator deleted `userId`'s account (`identity.user.deleted`): as the privacy policy
 * promises, the user's posts (with their files) and comments are deleted with it, those a
 * moderator hid included, each announced
 * as when the author deletes it. A comment goes with its replies, as when its author deletes it.
 * Runs in the inbox transaction: applied once.
 */
export async function deleteAuthorContent(trx: Kysely<MediaTables>, userId: string, now: Clock, meta: RequestMeta = {}): Promise<{ posts: number; comments: number }> {
  const at = now();
  const posts = await postsByAuthor(trx, userId);
  for (const p of posts) await dropPost(trx, p, at, meta);
  let comments = 0;
  for (const id of await commentIdsBy(trx, userId)) {
    const found = await findComment(trx, id);
    if (!found) continue; // gone with its thread
    comments += (await dropCommentTree(trx, found, at, meta)).length;
  }
  return { posts: posts.length, comments };
}
