import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FormKeyField } from '~/components/form-key-field';
import { Pagination } from '~/components/pagination';
import { requireCsrf } from '~/lib/csrf.server';
import { formKeyOf, newFormKey } from '~/lib/form-key.server';
import { formatNumber } from '~/lib/format';
import { pageTitle } from '~/lib/meta';
import { requirePermission } from '~/lib/access.server';
import { adjustSchema } from '~/lib/schemas/stock';
import { requireScope } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { optionsApi } from '~/lib/upstream/options.server';
import { stockApi } from '~/lib/upstream/stock.server';
import { isRefusal, readForm, refusalMessage } from '~/lib/forms.server';

const ROWS = 50;

function positiveId(raw: string | null) {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The vendor whose stock is adjusted: a vendor its own; brand-side staff the one they chose. */
async function adjusting(request: Request, context: Parameters<typeof requireScope>[1]) {
  const { user, api, scope } = await requireScope(request, context);
  requirePermission(user, 'stock.update');
  const url = new URL(request.url);
  const vendors = scope.kind === 'brand' ? await optionsApi.vendors(api, { brandId: scope.id }) : [];
  const vendorId =
    scope.kind === 'vendor'
      ? scope.id
      : (positiveId(url.searchParams.get('vendor')) ?? vendors[0]?.id ?? null);
  return { api, vendors, vendorId, url, brandSide: scope.kind === 'brand', brandId: scope.id };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, vendors, vendorId, url, brandSide, brandId } = await adjusting(request, context);
  const search = (url.searchParams.get('search') ?? '').replace(/\0/g, '').slice(0, 200);
  // Every product, a page of ROWS at a time; each page's adjustments are computed and saved on their own.
  const requested = positiveId(url.searchParams.get('page'));
  const page = requested && requested <= 1_000_000 ? requested : 1;
  const stock = vendorId
    ? await stockApi.list(api, {
        scope: { kind: 'vendor', id: vendorId },
        query: { search, page, per_page: ROWS, brand: brandSide ? [String(brandId)] : undefined },
      })
    : null;
  return json({ stock, vendors, vendorId, search, brandSide, formKey: newFormKey() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, vendorId, brandSide } = await adjusting(request, context);
  const submission = parseWithZod(formData, { schema: adjustSchema });
  if (submission.status !== 'success')
    return json({ result: submission.reply(), errors: [] as string[] }, { status: 400 });
  const { value } = submission;
  if (value.vendor_id !== vendorId && !brandSide) throw new Response('Forbidden', { status: 403 });
  const items = value.items.filter((item) => item.adjustment !== 0);
  if (value.intent === 'preview' || items.length === 0) {
    return json(
      { result: submission.reply(), errors: items.length === 0 ? ['stock.adjustNothing'] : [] },
      { status: items.length === 0 ? 400 : 200 },
    );
  }
  try {
    await stockApi.adjust(api, {
      vendorId: value.vendor_id,
      note: value.note ?? '',
      items: items.map((item) => ({ product_id: item.product_id, adjustment: item.adjustment })),
      formKey: formKeyOf(formData),
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const rowOf = (key: string) => {
      const match = /^items\.(\d+)\./.exec(key);
      return match ? items[Number(match[1])]?.product_id : undefined;
    };
    const errors = Object.entries(error.fieldErrors).map(([key, messages]) => {
      const productId = rowOf(key);
      return productId ? `#${productId}: ${messages[0]}` : messages[0];
    });
    const reason = Object.keys(error.fieldErrors).length ? [] : [refusalMessage(error)];
    return json({ result: submission.reply(), errors: [...reason, ...errors] }, { status: 422 });
  }
  return redirectWithToast(`/stock/mutation`, { type: 'success', message: 'stock.adjusted' });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'stockAdjust' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

/**
 * Adjust stock (docs/decisions/049): a note and an adjustment per row; stock after = start + adjustment,
 * shown as typed with JavaScript and by "Hitung" without it. Saving writes every row's movement at once.
 */
export default function AdjustStockPage() {
  const { stock, vendors, vendorId, search, brandSide, formKey } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const sent = (reply?.result.initialValue ?? {}) as { note?: string; items?: { adjustment?: string }[] };
  const [typed, setTyped] = useState<Record<number, string>>({});
  const noteError = reply?.result.error?.note;
  if (!vendorId && brandSide && vendors.length === 0) return <p>{t('stock.noVendor')}</p>;
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-600">
        <Link to="/stock/manajemen" className="hover:underline">
          {t('stock.management')}
        </Link>{' '}
        / {t('stock.adjust')}
      </nav>
      <h1 id="page-title" className="text-2xl font-semibold">
        {t('stock.adjust')}
      </h1>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        {brandSide ? (
          <div>
            <label htmlFor="adjust-vendor" className="block text-sm font-medium text-slate-700">
              {t('stock.vendor')}
            </label>
            <select id="adjust-vendor" name="vendor" defaultValue={vendorId ?? ''} className="input mt-1">
              {vendors.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="adjust-search" className="block text-sm font-medium text-slate-700">
            {t('stock.search')}
          </label>
          <input
            id="adjust-search"
            type="search"
            name="search"
            defaultValue={search}
            className="input mt-1"
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t('filters.apply')}
        </button>
      </Form>
      {reply?.errors.length ? (
        <ul role="alert" className="space-y-1 rounded bg-red-50 p-3 text-sm text-red-800">
          {reply.errors.map((error) => (
            <li key={error}>{t(error)}</li>
          ))}
        </ul>
      ) : null}
      {stock && vendorId ? (
        <Form method="post" className="space-y-4">
          <AuthenticityTokenInput />
          <FormKeyField value={formKey} />
          <input type="hidden" name="vendor_id" value={vendorId} />
          <div className="space-y-1">
            <label htmlFor="adjust-note" className="block text-sm font-medium">
              {t('stock.adjustNote')}
            </label>
            <textarea
              id="adjust-note"
              name="note"
              required
              maxLength={500}
              rows={2}
              defaultValue={sent.note ?? ''}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? 'adjust-note-error' : undefined}
              className="input"
            />
            {noteError ? (
              <p id="adjust-note-error" className="text-sm text-red-700">
                {t(noteError[0] ?? '')}
              </p>
            ) : null}
          </div>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t('stock.adjustCaption')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-2 py-3 text-left sm:px-4">
                    {t('stock.name')}
                  </th>
                  <th scope="col" className="hidden px-4 py-3 text-left sm:table-cell">
                    {t('stock.sku')}
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-4">
                    {t('stock.start')}
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-4">
                    {t('stock.adjustment')}
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-4">
                    {t('stock.stockAfter')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {stock.data.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-4 py-8 text-center text-slate-500">
                      {t('table.empty')}
                    </td>
                  </tr>
                ) : (
                  stock.data.map((row, index) => {
                    const value = typed[row.id] ?? sent.items?.[index]?.adjustment ?? '';
                    const change = /^-?\d+$/.test(value.trim()) ? Number(value) : 0;
                    return (
                      <tr key={row.id}>
                        <td className="px-2 py-2 sm:px-4">
                          {row.name}
                          {/* At phone width the SKU column gives way: the SKU goes under the name. */}
                          <span className="block text-xs text-slate-500 sm:hidden">{row.sku}</span>
                        </td>
                        <td className="hidden px-4 py-2 sm:table-cell">{row.sku}</td>
                        <td className="px-2 py-2 text-right tabular-nums sm:px-4">
                          <input type="hidden" name={`items[${index}].product_id`} value={row.id} />
                          <input type="hidden" name={`items[${index}].start`} value={row.quantity} />
                          {formatNumber(row.quantity, 0)}
                        </td>
                        <td className="px-2 py-2 text-right sm:px-4">
                          <input
                            type="number"
                            step={1}
                            name={`items[${index}].adjustment`}
                            aria-label={t('stock.adjustmentOf', { name: row.name })}
                            value={value}
                            onChange={(event) => setTyped({ ...typed, [row.id]: event.target.value })}
                            className="input w-20 py-1 text-right sm:w-28"
                          />
                        </td>
                        <td className="px-2 py-2 text-right tabular-nums sm:px-4" aria-live="polite">
                          {formatNumber(row.quantity + change, 0)}
                        </td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="/stock/management" className="btn-secondary">
              {t('stock.cancel')}
            </Link>
            {/* Computing needs no note: the browser's check of the required note is for saving only. */}
            <button type="submit" name="intent" value="preview" formNoValidate className="btn-secondary">
              {t('stock.preview')}
            </button>
            <button type="submit" name="intent" value="adjust" className="btn-primary">
              {t('stock.saveAdjustment')}
            </button>
          </div>
        </Form>
      ) : null}
      {stock && vendorId && stock.meta.last_page > 1 ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-600">{t('stock.adjustPerPage')}</p>
          <Pagination meta={stock.meta} />
        </div>
      ) : null}
    </section>
  );
}
