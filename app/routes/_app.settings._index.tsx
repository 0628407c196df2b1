import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/scope.server';
import { SETTINGS_CARD_PATHS, settingsCards } from '~/lib/settings/access';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const cards = settingsCards(user);
  // Pengaturan is in the navigation only with a card to open; without one it is a page the account may not open.
  if (cards.length === 0) throw new Response('Forbidden', { status: 403 });
  return json({ cards });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'settings' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function SettingsMenuPage() {
  const { cards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('nav.settings')}
      </h1>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card}>
            <Link
              to={SETTINGS_CARD_PATHS[card]}
              className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <h2 className="text-lg font-semibold text-slate-900">{t(`settings.card.${card}.title`)}</h2>
              <p className="mt-1 text-sm text-slate-600">{t(`settings.card.${card}.text`)}</p>
            </Link>
          </li>
        ))}
      </ul>
      {cards.includes('role') || cards.includes('user') ? (
        <nav aria-label={t('settings.moreViews')} className="flex flex-wrap gap-3 text-sm">
          {cards.includes('role') ? (
            <Link to="/settings/peran" className="text-brand-700 hover:underline">
              {t('settings.peran.title')}
            </Link>
          ) : null}
          {cards.includes('user') ? (
            <Link to="/settings/akun" className="text-brand-700 hover:underline">
              {t('settings.akun.title')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
