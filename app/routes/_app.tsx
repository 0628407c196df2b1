import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { json } from '@remix-run/node';
import { Outlet, useLoaderData, useNavigate, useNavigation, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandSelector } from '~/components/brand-selector';
import { HeaderSearch } from '~/components/header-search';
import { LanguageSwitch } from '~/components/language-switch';
import { NotificationBell } from '~/components/notification-bell';
import { ProfileMenu } from '~/components/profile-menu';
import { SidebarNav } from '~/components/sidebar-nav';
import { hasBrandSelector, navigationFor } from '~/lib/navigation';
import { requireUser } from '~/lib/scope.server';
import { accountApi } from '~/lib/upstream/account.server';
import { BRANDS_KEPT, keptForUser } from '~/lib/upstream/options.server';
import { useChannel, useLiveConnection } from '~/lib/use-channel';

const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

/** An invoice-offer notification opens the 'Pesanan Masuk' dialog (docs/decisions/008). */
function offerIdOf(payload: unknown) {
  const data = payload as {
    web?: { type?: string };
    notification?: { invoice_offer_log_id?: number | null };
  } | null;
  return data?.web?.type === 'invoice-offer' ? (data.notification?.invoice_offer_log_id ?? null) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  // Only platform staff have a brand selector; their brands are the same from one page to the next.
  const brands = hasBrandSelector(user)
    ? await keptForUser(user.id, BRANDS_KEPT, () =>
        accountApi.brands(api, { per_page: 100 }).then((page) => page.data),
      )
    : [];
  return json({ user, brands, navigation: navigationFor(user) });
}

/**
 * The shell's data (who is signed in, their brands, the navigation) changes through a submitted form (brand,
 * profile, language) or an explicit revalidation (a live notification), never by moving from page to page: a
 * plain navigation or a filter (a GET form) keeps it, two upstream calls fewer per page change.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  const mutation = formMethod !== undefined && formMethod.toUpperCase() !== 'GET';
  return mutation || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
};

export default function AppLayout() {
  const { user, brands, navigation } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const pending = useNavigation();
  const navigate = useNavigate();
  const [notificationVersion, setNotificationVersion] = useState(0);
  const live = useChannel(`private-App.Models.User.${user.id}`, NOTIFICATION_EVENT, (payload) => {
    setNotificationVersion((version) => version + 1);
    if (pending.state === 'idle') revalidator.revalidate();
    const offerId = offerIdOf(payload);
    if (offerId) navigate(`/offer/${offerId}`);
  });
  const connection = useLiveConnection();
  const selector = hasBrandSelector(user);

  return (
    <div className="min-h-full lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <aside className="no-print hidden w-64 flex-none border-r border-slate-200 bg-white px-3 py-4 lg:block">
        <p className="mb-4 px-3 text-lg font-bold text-brand-700">{t('appName')}</p>
        <SidebarNav items={navigation} id="sidebar-nav" />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="no-print sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
          <details className="relative lg:hidden">
            <summary className="btn-secondary cursor-pointer list-none px-3 py-1.5">
              {t('nav.openMenu')}
            </summary>
            <div className="absolute left-0 z-30 mt-2 w-72 space-y-4 rounded-md border border-slate-200 bg-white p-3 shadow-lg">
              {selector ? (
                <BrandSelector brands={brands} currentBrandId={user.current_brand_id} idPrefix="mobile" />
              ) : null}
              <SidebarNav items={navigation} id="mobile-nav" />
            </div>
          </details>
          <div className="hidden lg:block">
            {selector ? (
              <BrandSelector brands={brands} currentBrandId={user.current_brand_id} idPrefix="header" />
            ) : null}
          </div>
          {user.vendor_name ? (
            <p className="text-sm text-slate-600">
              {t('header.vendor')}: <span className="font-semibold text-slate-900">{user.vendor_name}</span>
            </p>
          ) : null}
          {user.role_id === 3 && user.current_brand_name ? (
            <p className="text-sm text-slate-600">
              {t('header.brand')}:{' '}
              <span className="font-semibold text-slate-900">{user.current_brand_name}</span>
            </p>
          ) : null}
          <HeaderSearch />
          <div className="ml-auto flex items-center gap-2">
            {live && connection === 'up' ? (
              <span data-live="true" title={t('header.live')} className="h-2 w-2 rounded-full bg-green-500">
                <span className="sr-only">{t('header.live')}</span>
              </span>
            ) : null}
            {/* Only with JavaScript: without it there is no live connection to lose, and pages are always fresh. */}
            <span aria-live="polite" className="contents">
              {connection === 'down' ? (
                <span data-live="false" className="flex items-center gap-1.5 text-xs text-slate-500">
                  <span aria-hidden="true" className="h-2 w-2 rounded-full bg-slate-400" />
                  {t('header.liveOff')}
                </span>
              ) : null}
            </span>
            <LanguageSwitch />
            <NotificationBell unread={user.total_unread_notification} refreshKey={notificationVersion} />
            <ProfileMenu name={user.name} roleName={user.role_name} photoUrl={user.photo?.url ?? null} />
          </div>
        </header>
        <main id="main" className="flex-1 p-4 lg:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
