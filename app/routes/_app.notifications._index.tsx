import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { NotificationList } from '~/components/notification-list';
import { pageTitle } from '~/lib/meta';
import { accountApi } from '~/lib/upstream/account.server';
import { upstreamFor } from '~/lib/upstream.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await upstreamFor(request, context);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  return json(await accountApi.notifications(api, { page }));
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'notifications' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

/** The panel's page-by-page list as a page of its own, for browsers without JavaScript. */
export default function NotificationsPage() {
  const { data, meta } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('notifications.title')}
      </h1>
      <div className="card p-0">
        <NotificationList items={data} />
      </div>
      {meta.current_page < meta.last_page ? (
        <Link to={`?page=${meta.current_page + 1}`} className="btn-secondary">
          {t('notifications.loadMore')}
        </Link>
      ) : null}
    </section>
  );
}
