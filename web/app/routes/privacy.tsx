import { useLoaderData } from 'react-router';
import { LegalDocumentView } from '../components/Article';
import { RouteErrorContent } from '../components/StatusPage';
import { legalDocuments } from '../content/index.server';
import { localeFromRequest } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/privacy';

/** The document travels as loader data in the visitor's language only; the other texts stay on the server. */
export function loader({ request }: Route.LoaderArgs) {
  return { doc: legalDocuments.privacy[localeFromRequest(request).locale] };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({ matches, location, title: loaderData?.doc.title ?? { id: 'footer.legal.privacy' }, description: loaderData?.doc.description });

export default function LegalPage() {
  return <LegalDocumentView doc={useLoaderData<typeof loader>().doc} />;
}

export const ErrorBoundary = RouteErrorContent;
