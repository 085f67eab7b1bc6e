import { Button } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { data, Link, redirect, useActionData, useLoaderData, useNavigate } from 'react-router';
import type { CompanyDetail, SubmitReviewBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { REDIRECT_DELAY_MS, useFormFields, useHydrated, useLater } from '../components/account/use-form';
import { ErrorNotice } from '../components/ErrorNotice';
import { CheckField, TextAreaField } from '../components/NativeField';
import { StarPicker } from '../components/reviews/StarPicker';
import { StatusBadge, StatusNote } from '../components/reviews/ReviewsSection';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { ApiError, type ApiFailure, fieldErrorsOf, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { detailHref, isReviewableId } from '../lib/reviews';
import { readCsrfToken } from '../lib/session';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, reviewLength, validateReview, type FieldErrors, type ReviewValues } from '../lib/validation';
import type { Route } from './+types/comment';
import classes from './comment.module.css';

type Company = Pick<CompanyDetail, 'id' | 'name' | 'logo'>;

/**
 * /comment?id=<slug> (spec §2 "write a review"): signed-in users only; the form is pre-filled with
 * the user's own review of the company when there is one (editing sends it back to moderation).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  if (!isReviewableId(id)) throw data(null, { status: 404 });
  const { api } = pageApi(request, context);
  const [company, reviews] = await Promise.all([
    settle(api.op(ops.companyDetail, { id })),
    settle(api.op(ops.companyReviews, { id })),
  ]);
  if (!company.ok && (company.error.status === 404 || company.error.status === 400)) throw data(null, { status: 404 });
  // The form posts here when script is off: the token proves it came from this page (double submit).
  const csrf = readCsrfToken(request.headers.get('cookie')) ?? '';
  const error: ApiFailure | null = !company.ok ? company.error : !reviews.ok ? reviews.error : null;
  return data(
    {
      id,
      company: company.ok ? ({ id: company.data.id, name: company.data.name, logo: company.data.logo } satisfies Company) : null,
      mine: reviews.ok ? reviews.data.mine : null,
      error,
      csrf,
    },
    { status: pageStatus(company) },
  );
}

interface ActionResult {
  values: ReviewValues;
  /** Our own rule messages (ids) or the server's field messages (text). */
  ruleErrors: FieldErrors<keyof ReviewValues>;
  serverErrors: Record<string, string>;
  msg: string;
}

/** The same submission without script: checked here, sent with the visitor's session, then to /detail. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  if (!isReviewableId(id)) throw data(null, { status: 404 });
  const form = await request.formData();
  const csrf = readCsrfToken(request.headers.get('cookie'));
  if (!csrf || form.get('csrf') !== csrf) throw data(null, { status: 403 });
  const values: ReviewValues = {
    score: String(form.get('score') ?? ''),
    content: String(form.get('content') ?? ''),
    check: form.get('check') !== null,
  };
  const ruleErrors = validateReview(values);
  if (Object.keys(ruleErrors).length > 0) return data<ActionResult>({ values, ruleErrors, serverErrors: {}, msg: '' }, { status: 400 });
  const { api } = pageApi(request, context);
  try {
    const body: SubmitReviewBody = { id, score: Number(values.score), content: values.content.trim(), check: values.check };
    await api.op(ops.submitReview, body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionResult>(
      { values, ruleErrors: {}, serverErrors: fieldErrorsOf(error), msg: error.failure.msg },
      { status: error.failure.status && error.failure.status >= 400 ? error.failure.status : 400 },
    );
  }
  throw redirect(detailHref(id));
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: loaderData?.company ? { id: 'comment.page.metaTitle', values: { name: loaderData.company.name } } : { id: 'comment.page.title' },
    noindex: true,
  });

type Phase = 'idle' | 'sending' | 'done';

export default function Comment() {
  const t = useT();
  const { id, company, mine, error, csrf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  if (!company) {
    return (
      <div className={`bw-container ${classes.page}`}>
        <h1 className={classes.title}>{t('comment.page.title')}</h1>
        {error && <ErrorNotice error={error} />}
      </div>
    );
  }
  return (
    <div className={`bw-container ${classes.page}`}>
      <Link to={detailHref(id)} className={classes.back}>
        {t('comment.page.back', { name: company.name })}
      </Link>
      <header className={classes.head}>
        <div className={classes.logo}>
          <img src={company.logo} alt={t('detail.header.logo', { name: company.name })} width={64} height={64} />
        </div>
        <div>
          <h1 className={classes.title}>{t(mine ? 'comment.page.editTitle' : 'comment.page.title')}</h1>
          <p className={classes.company} data-testid="comment-company">
            {company.name}
          </p>
        </div>
      </header>
      {error && <ErrorNotice error={error} />}
      {mine && (
        <div className={classes.current} data-status={mine.status} data-testid="comment-current">
          <StatusBadge status={mine.status} />
          <StatusNote review={mine} />
          <p className={classes.muted}>{t('comment.form.editNote')}</p>
        </div>
      )}
      <ReviewForm
        id={id}
        csrf={csrf}
        initial={actionData?.values ?? { score: mine ? String(mine.score) : '', content: mine?.content ?? '', check: false }}
        fallback={actionData ?? null}
      />
    </div>
  );
}

function ReviewForm({ id, csrf, initial, fallback }: { id: string; csrf: string; initial: ReviewValues; fallback: ActionResult | null }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const later = useLater();
  const hydrated = useHydrated();
  const form = useFormFields<ReviewValues>(initial, validateReview);
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState(fallback?.msg ?? '');
  const busy = phase !== 'idle';

  // Without script the page comes back from the action with its messages; with script, the form's own.
  const errorOf = (field: keyof ReviewValues): string | undefined => {
    const own = form.error(field);
    if (own || hydrated) return own;
    const rule = fallback?.ruleErrors[field];
    return rule ? t(rule) : fallback?.serverErrors[field];
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    if (!form.validateAll()) return;
    const { score, content, check } = form.values;
    setPhase('sending');
    try {
      const body: SubmitReviewBody = { id, score: Number(score), content: content.trim(), check };
      const result = await api.op(ops.submitReview, body);
      setPhase('done');
      toast('success', result.msg || t('review.status.pending'));
      later(REDIRECT_DELAY_MS, () => navigate(detailHref(id)));
    } catch (error) {
      form.showServerErrors(error);
      const text = errorText(error);
      setFailure(text);
      toast('error', text);
      setPhase('idle');
    }
  }

  const count = reviewLength(form.values.content);
  return (
    <form method="post" className={classes.form} onSubmit={onSubmit} noValidate data-ready={hydrated ? '' : undefined} data-testid="review-form">
      <input type="hidden" name="csrf" value={csrf} />
      <StarPicker value={form.values.score} onChange={(v) => form.set('score', v)} error={errorOf('score')} disabled={phase === 'done'} />
      <div>
        <TextAreaField
          label={t('comment.form.content')}
          description={t('comment.form.contentHint')}
          name="content"
          value={form.values.content}
          onChange={(e) => form.set('content', e.currentTarget.value)}
          error={errorOf('content')}
          disabled={phase === 'done'}
          rows={6}
          aria-describedby="review-counter"
        />
        <p id="review-counter" className={classes.counter} data-over={count > REVIEW_TEXT_MAX ? '' : undefined} data-testid="review-counter">
          {t('comment.form.counter', { count, min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}
        </p>
      </div>
      <CheckField
        name="check"
        label={t('comment.form.check')}
        checked={form.values.check}
        onChange={(e) => form.set('check', e.currentTarget.checked)}
        error={errorOf('check')}
        disabled={phase === 'done'}
      />
      {failure && (
        <p className={classes.failure} role="alert" data-testid="review-failure">
          {failure}
        </p>
      )}
      <div className={classes.buttons}>
        <Button type="submit" size="md" loading={phase === 'sending'} disabled={phase === 'done'} data-testid="review-submit">
          {t('comment.form.submit')}
        </Button>
        <Link to={detailHref(id)} className={classes.cancel}>
          {t('comment.form.cancel')}
        </Link>
      </div>
      {phase === 'done' && (
        <p className={classes.muted} role="status">
          {t('comment.form.redirecting')}
        </p>
      )}
    </form>
  );
}

export const ErrorBoundary = RouteErrorContent;
