import type { ReactNode } from 'react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ChannelLogo } from '~/components/channel-logo';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { LastPush } from '~/components/last-push';
import { PromotionForm } from '~/components/promotion/promotion-form';
import { PromotionStatusBadge } from '~/components/promotion/status-badge';
import { requireCsrf } from '~/lib/csrf.server';
import { formatDateTime, formatMoney } from '~/lib/format';
import { readForm } from '~/lib/forms.server';
import { pageTitle } from '~/lib/meta';
import { formatPromotionValue } from '~/lib/promotion/format';
import { promotionAction } from '~/lib/promotion/form.server';
import { ownRows, productRows, productSearchOf, promotionPage } from '~/lib/promotion/page.server';
import { promotionValues } from '~/lib/promotion/rows';
import { pathId } from '~/lib/record-id';
import { promotionCommandSchema } from '~/lib/schemas/promotion';
import { redirectWithToast } from '~/lib/toast.server';
import { UpstreamError } from '~/lib/upstream.server';
import { promotionApi } from '~/lib/upstream/promotions.server';

/** The spec's `/promosi/{name}` names a promotion by its id here; the name is the page's title (docs/decisions/048). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, brandId, brandName, actions } = await promotionPage(request, context, 'list');
  const promotion = await promotionApi.show(api, { brandId, id: pathId(params.id) });
  const editable = promotion.can_update && actions.update;
  const search = productSearchOf(request);
  return json({
    promotion,
    brandName,
    search,
    rows: editable ? await productRows(api, { brandId, search, promotion }) : [],
    can: {
      update: editable,
      end: promotion.can_end && actions.update,
      destroy: promotion.can_delete && actions.destroy,
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const id = pathId(params.id);
  const command = parseWithZod(formData, { schema: promotionCommandSchema });
  if (command.status === 'success') {
    const needs = command.value.intent === 'delete' ? 'destroy' : 'update';
    const { api, brandId } = await promotionPage(request, context, needs);
    try {
      if (command.value.intent === 'delete') {
        await promotionApi.remove(api, { brandId, id });
        return redirectWithToast('/promosi', { type: 'success', message: 'promotion.deleted' });
      }
      await promotionApi.end(api, { brandId, id });
      return redirectWithToast(`/promosi/${id}`, { type: 'success', message: 'promotion.ended' });
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status >= 500) throw error;
      return redirectWithToast(`/promosi/${id}`, { type: 'error', message: error.message });
    }
  }
  const { api, brandId } = await promotionPage(request, context, 'update');
  const known = async () => ownRows(await promotionApi.show(api, { brandId, id }));
  return promotionAction(formData, { api, brandId, known }, async (body) => {
    await promotionApi.update(api, { brandId, id, body });
    return redirectWithToast(`/promosi/${id}`, { type: 'success', message: 'toast.saved' });
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle({ matches, page: 'promotion', name: data?.promotion.name }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function PromotionPage() {
  const { promotion, brandName, search, rows, can } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const modal = params.get('modal');
  const here = `/promosi/${promotion.id}`;
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/promosi" className="hover:underline">
          {t('promotion.title')}
        </Link>{' '}
        / <span>{promotion.name}</span>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="flex items-center gap-3 text-2xl font-semibold">
          {promotion.name}
          <PromotionStatusBadge code={promotion.status_code} endedEarly={promotion.ended_early} />
        </h1>
        <div className="flex gap-2">
          {can.end ? (
            <Link to="?modal=end" className="btn-secondary" preventScrollReset>
              {t('promotion.endNow')}
            </Link>
          ) : null}
          {can.destroy ? (
            <Link to="?modal=delete" className="btn-secondary text-red-700" preventScrollReset>
              {t('promotion.delete')}
            </Link>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <Detail term={t('promotion.type')}>{t(`promotion.types.${promotion.type}`)}</Detail>
        <Detail term={t('promotion.value')}>{formatPromotionValue(promotion.type, promotion.value)}</Detail>
        <Detail term={t('promotion.channel')}>
          <ChannelLogo name={promotion.channel_name} /> {promotion.channel_name}
        </Detail>
        <Detail term={t('promotion.start')}>{formatDateTime(promotion.start_at)}</Detail>
        <Detail term={t('promotion.end')}>{formatDateTime(promotion.end_at)}</Detail>
        {promotion.ended_at ? (
          <Detail term={t('promotion.endedAt')}>{formatDateTime(promotion.ended_at)}</Detail>
        ) : null}
      </dl>
      {can.update ? (
        <>
          <h2 className="text-lg font-semibold">{t('promotion.edit')}</h2>
          <PromotionForm
            key={answered?.draft.step ?? 'loaded'}
            brandName={brandName}
            values={answered?.draft.values ?? promotionValues(promotion)}
            rows={answered?.draft.rows ?? rows}
            search={answered?.draft.search ?? search}
            lastResult={answered && 'result' in answered ? answered.result : undefined}
            submitLabel={t('promotion.save')}
            cancelTo="/promosi"
          />
        </>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <caption className="p-2 text-left font-semibold">
              {t('promotion.products')}
              <span className="block text-xs font-normal text-slate-500">{t('promotion.salesNote')}</span>
            </caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="p-2">
                  {t('promotion.product')}
                </th>
                <th scope="col" className="p-2">
                  {t('promotion.price')}
                </th>
                <th scope="col" className="p-2">
                  {t('promotion.promoStock')}
                </th>
                <th scope="col" className="p-2">
                  {t('promotion.purchaseLimit')}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t('promotion.unitsSold')}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t('promotion.gmv')}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t('promotion.promoStockLeft')}
                </th>
              </tr>
            </thead>
            <tbody>
              {promotion.products.map((line) => (
                <tr key={line.product_id} className="border-t border-slate-100">
                  <td className="p-2">
                    <div className="font-medium">{line.name}</div>
                    <div className="text-xs text-slate-500">{line.sku}</div>
                  </td>
                  <td className="p-2">{formatMoney(line.price)}</td>
                  <td className="p-2">{line.promo_stock}</td>
                  <td className="p-2">
                    {line.purchase_limit === 0 ? t('promotion.noLimit') : line.purchase_limit}
                  </td>
                  <td className="p-2 text-right">{line.units_sold}</td>
                  <td className="p-2 text-right">{formatMoney(line.gmv)}</td>
                  <td className="p-2 text-right">{line.promo_stock_left}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LastPush log={promotion.channel_request_log} />
      {modal === 'end' && can.end ? (
        <ConfirmDialog
          title={t('promotion.endTitle')}
          text={t('promotion.endText', { name: promotion.name })}
          confirmLabel={t('promotion.endConfirm')}
          closeTo={here}
          intent="end"
        />
      ) : null}
      {modal === 'delete' && can.destroy ? (
        <ConfirmDialog
          title={t('promotion.deleteTitle')}
          text={t('promotion.deleteText', { name: promotion.name })}
          confirmLabel={t('promotion.deleteConfirm')}
          closeTo={here}
          intent="delete"
        />
      ) : null}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
