import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '~/lib/meta';

export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'notFound' }) }];

export function ErrorBoundary() {
  return <NotFound />;
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.description')}</p>
      <Link to="/" className="btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
