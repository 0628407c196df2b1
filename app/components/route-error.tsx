import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/**
 * What a failed page says: 404, 403, 400 and 413 (a form over its body limit, refused by the server before the
 * app saw it) name what happened, anything else stays generic.
 */
export function useRouteErrorText() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const description =
    status === 404
      ? t('notFound.description')
      : status === 403
        ? t('error.forbidden')
        : status === 400
          ? t('error.badRequest')
          : status === 413
            ? t('error.tooLargeSent')
            : t('error.generic');
  const title =
    status === 404 ? t('notFound.title') : status === 413 ? t('error.tooLargeTitle') : t('error.title');
  return { title, description };
}

export function ErrorNotice({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{description}</p>
      <Link to="/" className="btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

/**
 * A page's failure (an order of another brand, a record gone, a refused filter) inside the app's shell: the
 * navigation and the brand selector stay, so the user can switch brand or go elsewhere.
 */
export function RouteErrorBoundary() {
  return <ErrorNotice {...useRouteErrorText()} />;
}
