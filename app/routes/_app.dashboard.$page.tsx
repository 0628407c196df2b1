import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { requireUser } from '~/lib/auth.server';
import { landingPath, ROLE } from '~/lib/navigation';

const PAGES = ['ringkasan', 'penjualan', 'vendor', 'produk', 'pembeli', 'branch'] as const;
type Page = (typeof PAGES)[number];

function isPage(value: string | undefined): value is Page {
  return PAGES.includes(value as Page);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isPage(params.page)) throw new Response('Not Found', { status: 404 });
  const { user } = await requireUser(request);
  if (user.role_id === ROLE.vendor && params.page !== 'penjualan') throw redirect(landingPath(user));
  return json({ page: params.page });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Dashboard ${data?.page ?? ''} | Back Office` },
];

export default function DashboardPage() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <p className="text-sm text-slate-500">{t('nav.dashboard')}</p>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t(`dashboard.${page}`)}
      </h1>
      <p className="card text-sm text-slate-600">{t('dashboard.pending')}</p>
    </section>
  );
}
