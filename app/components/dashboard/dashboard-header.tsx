import { useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { DashboardPage } from '~/lib/dashboard/pages';

/** Breadcrumb, the page title (`#page-title`, which labels the page's section) and the PDF export. */
export function DashboardHeader({ page }: { page: DashboardPage }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = params.toString();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <p className="text-sm text-slate-500">{t('nav.dashboard')}</p>
        <h1 id="page-title" className="text-2xl font-semibold">
          {t(`dashboard.${page}`)}
        </h1>
      </div>
      {/* A document download, not a client navigation: the PDF is rendered on the server from this same URL. */}
      <a
        href={`/dashboard/${page}/pdf${query ? `?${query}` : ''}`}
        className="btn-secondary print:hidden"
        download
      >
        {t('dashboard.export')}
      </a>
    </div>
  );
}
