import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '~/components/channel-logo';
import { DataTable } from '~/components/data-table';
import { ListFilters } from '~/components/list-filters';
import { Pagination } from '~/components/pagination';
import { PromotionStatusBadge } from '~/components/promotion/status-badge';
import { formatDateTime } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { formatPromotionValue } from '~/lib/promotion/format';
import { promotionListQuery, promotionPage } from '~/lib/promotion/page.server';
import { PROMOTION_CHANNELS, PROMOTION_TABS, PROMOTION_TYPES } from '~/lib/promotion/options';
import { promotionApi } from '~/lib/upstream/promotions.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, brandId, actions } = await promotionPage(request, context, 'list');
  const query = promotionListQuery(new URL(request.url));
  const promotions = await promotionApi.list(api, { brandId, query });
  return json({ promotions, canCreate: actions.create });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'promotions' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function PromotionListPage() {
  const { promotions, canCreate } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const current = params.get('status') ?? '';
  const exportParams = new URLSearchParams(params);
  exportParams.delete('page');
  function tabHref(status: string) {
    const next = new URLSearchParams(params);
    if (status) next.set('status', status);
    else next.delete('status');
    next.delete('page');
    return `?${next.toString()}`;
  }
  const filtered = ['search', 'date-from', 'date-to', 'type', 'channel', 'status'].some((name) =>
    params.get(name),
  );
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('promotion.title')}
        </h1>
        <div className="flex gap-2">
          <a href={`/promosi/export?${exportParams.toString()}`} className="btn-secondary" download>
            {t('promotion.export')}
          </a>
          {canCreate ? (
            <Link to="/promosi/create" className="btn-primary">
              {t('promotion.create')}
            </Link>
          ) : null}
        </div>
      </div>
      <nav aria-label={t('promotion.tabs')} className="overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {PROMOTION_TABS.map((status) => (
            <li key={status || 'all'}>
              <Link
                to={tabHref(status)}
                aria-current={current === status ? 'page' : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${current === status ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
              >
                {t(`promotion.tab.${status || 'all'}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListFilters searchLabel={t('promotion.search')} hidden={current ? { status: current } : {}}>
        <div>
          <label htmlFor="filter-type" className="block text-sm font-medium text-slate-700">
            {t('promotion.type')}
          </label>
          <select id="filter-type" name="type" defaultValue={params.get('type') ?? ''} className="input mt-1">
            <option value="">{t('filters.all')}</option>
            {PROMOTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`promotion.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-channel" className="block text-sm font-medium text-slate-700">
            {t('promotion.channel')}
          </label>
          <select
            id="filter-channel"
            name="channel"
            defaultValue={params.get('channel') ?? ''}
            className="input mt-1"
          >
            <option value="">{t('filters.all')}</option>
            {PROMOTION_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {t(`promotion.channels.${channel}`)}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>
      {promotions.meta.total === 0 && !filtered ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium">{t('promotion.emptyTitle')}</p>
          <p className="text-sm text-slate-500">{t('promotion.emptyText')}</p>
        </div>
      ) : (
        <DataTable
          caption={t('promotion.caption')}
          rowKey={(row) => row.id}
          rows={promotions.data}
          defaultSort={{ key: 'created_at', order: 'desc' }}
          columns={[
            {
              key: 'name',
              header: t('promotion.name'),
              sortKey: 'name',
              cell: (row) => (
                <Link to={`/promosi/${row.id}`} className="font-medium text-brand-700 hover:underline">
                  {row.name}
                </Link>
              ),
            },
            { key: 'type', header: t('promotion.type'), cell: (row) => t(`promotion.types.${row.type}`) },
            {
              key: 'value',
              header: t('promotion.value'),
              cell: (row) => formatPromotionValue(row.type, row.value),
            },
            {
              key: 'period',
              header: t('promotion.period'),
              sortKey: 'start_at',
              cell: (row) => (
                <span className="whitespace-nowrap text-xs">
                  {formatDateTime(row.start_at)}
                  <br />– {formatDateTime(row.ended_at ?? row.end_at)}
                </span>
              ),
            },
            {
              key: 'channel',
              header: t('promotion.channel'),
              cell: (row) => <ChannelLogo name={row.channel_name} />,
            },
            {
              key: 'status',
              header: t('promotion.status'),
              cell: (row) => <PromotionStatusBadge code={row.status_code} endedEarly={row.ended_early} />,
            },
          ]}
        />
      )}
      <Pagination meta={promotions.meta} />
    </section>
  );
}
