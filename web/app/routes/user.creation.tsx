import { data, useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { PostForm } from '../components/creation/PostForm';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { failureStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { isPostId } from '../lib/posts';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.creation';

/**
 * /user/creation (spec §2 "Creation centre", §5 Publishing): publish a video or image-text post;
 * `?id=` edits one of the user's own posts. Signed-in users only: this loader checks it itself.
 * The form, its uploads and its submit live in components/creation/.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  const { api } = pageApi(request, context);
  const categoriesCall = settle(api.op(ops.postCategories));
  if (!id) return data({ categories: await categoriesCall, post: null, error: null });
  if (!isPostId(id)) throw data(null, { status: 404 });
  const [categories, post] = await Promise.all([categoriesCall, settle(api.op(ops.postDetail, { id }))]);
  if (!post.ok) {
    if (post.error.status === 404 || post.error.status === 400) throw data(null, { status: 404 });
    return data({ categories, post: null, error: post.error }, { status: failureStatus(post.error) });
  }
  // Only the author edits a post; anyone else is told there is no such page to edit.
  if (!post.data.mine || post.data.author.id !== user.id) throw data(null, { status: 404 });
  return data({ categories, post: post.data, error: null });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({ matches, location, title: { id: loaderData?.post ? 'creation.page.editTitle' : 'account.creation.title' }, noindex: true });

export default function CreationCentre() {
  const t = useT();
  const { categories, post, error } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t(post ? 'creation.page.editTitle' : 'account.creation.title')}>
      {error ? (
        <ErrorNotice error={error} />
      ) : !categories.ok ? (
        <ErrorNotice error={categories.error} />
      ) : (
        <PostForm key={post?.id ?? 'new'} categories={categories.data} post={post} />
      )}
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorContent;
