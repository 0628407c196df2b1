import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { DataTable, type Column } from '~/components/data-table';
import { FieldError, FormError } from '~/components/field';
import { ListFilters } from '~/components/list-filters';
import { Modal } from '~/components/modal';
import { Pagination } from '~/components/pagination';
import { ImportForm } from '~/components/stock/import-form';
import { newFormKey } from '~/lib/form-key.server';
import { QuantityCell, type QuantityRefusal } from '~/components/stock/quantity-cell';
import { Figure } from '~/components/stock/stock-figures';
import { userCan } from '~/lib/access';
import { requireCsrf } from '~/lib/csrf.server';
import { formatNumber } from '~/lib/format';
import { readForm, replyWithUpstreamError } from '~/lib/forms.server';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { setQuantitySchema, settingSchema } from '~/lib/schemas/stock';
import { requireScope } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { optionsApi } from '~/lib/upstream/options.server';
import { stockApi, type StockRow } from '~/lib/upstream/stock.server';

function positiveId(raw: string | null) {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Whose stock the screen keeps: a vendor its own; the brand side the vendor of `?vendor=` (the first serving
 * the brand when none is chosen). Whoever the policy lets update stock changes it; the low-stock threshold is
 * the brand's setting.
 */
async function managed(request: Request, context: Parameters<typeof requireScope>[1]) {
  const { user, api, scope } = await requireScope(request, context, 'stock.list');
  const url = new URL(request.url);
  const vendors = scope.kind === 'brand' ? await optionsApi.vendors(api, { brandId: scope.id }) : [];
  const vendorId =
    scope.kind === 'vendor'
      ? scope.id
      : (positiveId(url.searchParams.get('vendor')) ?? vendors[0]?.id ?? null);
  const keeper = userCan(user, 'stock.update');
  const staff = userCan(user, 'stock.setting');
  return { api, scope, vendors, vendorId, keeper, staff, url };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, scope, vendors, vendorId, keeper, staff, url } = await managed(request, context);
  const query = listQuery(url);
  const stock = vendorId
    ? await stockApi.list(api, {
        scope: { kind: 'vendor', id: vendorId },
        query: scope.kind === 'brand' ? { ...query, brand: [String(scope.id)] } : query,
      })
    : null;
  const setting = scope.kind === 'brand' ? await stockApi.setting(api, { brandId: scope.id }) : null;
  const modal =
    url.searchParams.get('modal') === 'update' ? positiveId(url.searchParams.get('product')) : null;
  const updating = modal && stock ? (stock.data.find((row) => row.id === modal) ?? null) : null;
  return json({
    stock,
    vendors,
    vendorId,
    keeper,
    staff,
    setting,
    updating,
    brandSide: scope.kind === 'brand',
    formKey: newFormKey(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, scope, vendorId, keeper, staff, url } = await managed(request, context);
  const here = `${url.pathname}${url.search.replace(/([?&])(modal|product)=[^&]*/g, '$1').replace(/[?&]+$/, '')}`;
  const intent = formData.get('intent');
  if (intent === 'setting' && scope.kind === 'brand') {
    if (!staff) throw new Response('Forbidden', { status: 403 });
    const submission = parseWithZod(formData, { schema: settingSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
    try {
      await stockApi.updateSetting(api, { brandId: scope.id, weeks: submission.value.low_stock_weeks });
      return redirectWithToast(here, { type: 'success', message: 'toast.saved' });
    } catch (error) {
      return json(
        { intent, result: replyWithUpstreamError(submission, error, ['low_stock_weeks']) },
        { status: 400 },
      );
    }
  }
  if ((intent === 'set-quantity' || intent === 'update') && vendorId) {
    if (!keeper) throw new Response('Forbidden', { status: 403 });
    const submission = parseWithZod(formData, { schema: setQuantitySchema });
    // A refused quantity comes back to its own form (the row's inline field or the modal) with the message
    // beside the field and what was typed kept, with or without JavaScript.
    const productId = String(formData.get('product_id') ?? '');
    if (submission.status !== 'success') {
      return json({ intent, productId, result: submission.reply() }, { status: 400 });
    }
    try {
      await stockApi.vendorUpdate(api, {
        vendorId,
        productStocks: [
          { product_id: Number(submission.value.product_id), quantity: submission.value.quantity },
        ],
      });
      return redirectWithToast(here, { type: 'success', message: 'toast.saved' });
    } catch (error) {
      const result = replyWithUpstreamError(submission, error, ['quantity', 'product_id'], {
        formKeyOf: (key) => key.replace(/^product_stocks\.\d+\./, ''),
      });
      return json({ intent, productId, result }, { status: 400 });
    }
  }
  throw new Response('Bad Request', { status: 400 });
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'stockManagement' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function StockManagementPage() {
  const { stock, vendors, vendorId, keeper, staff, setting, updating, brandSide, formKey } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const answer = useActionData<typeof action>();
  const refusal = answer && 'productId' in answer ? (answer as QuantityRefusal) : undefined;
  const closeTo = (() => {
    const next = new URLSearchParams(params);
    next.delete('modal');
    next.delete('product');
    return `?${next.toString()}`;
  })();
  const columns: Column<StockRow>[] = [
    { key: 'name', header: t('stock.name'), sortKey: 'products.name', cell: (row) => row.name },
    { key: 'sku', header: t('stock.sku'), sortKey: 'products.sku', cell: (row) => row.sku },
    {
      key: 'quantity',
      header: t('stock.onHand'),
      align: 'right',
      cell: (row) =>
        keeper ? (
          <QuantityCell productId={row.id} name={row.name} quantity={row.quantity} pageResult={refusal} />
        ) : (
          formatNumber(row.quantity, 0)
        ),
    },
    {
      key: 'reserved',
      header: t('stock.reserved'),
      align: 'right',
      cell: (row) => formatNumber(row.reserved, 0),
    },
    {
      key: 'available',
      header: t('stock.available'),
      sortKey: 'available_stock',
      align: 'right',
      cell: (row) => formatNumber(row.available_stock, 0),
    },
    {
      key: 'runRate',
      header: t('stock.runRate'),
      align: 'right',
      cell: (row) => <Figure value={row.run_rate} />,
    },
    {
      key: 'weeks',
      header: t('stock.weeksOfSupply'),
      align: 'right',
      cell: (row) => <Figure value={row.weeks_of_supply} />,
    },
    ...(keeper
      ? [
          {
            key: 'actions',
            header: t('stock.actions'),
            cell: (row: StockRow) => {
              const next = new URLSearchParams(params);
              next.set('modal', 'update');
              next.set('product', String(row.id));
              return (
                <Link
                  to={`?${next.toString()}`}
                  preventScrollReset
                  className="btn-secondary px-2 py-1 text-xs"
                >
                  {t('stock.update')}
                </Link>
              );
            },
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {t('stock.management')}
        </h1>
        <div className="flex flex-wrap gap-2">
          {keeper && vendorId ? (
            <>
              <a href={`/stock/template?kind=stock&vendor=${vendorId}`} className="btn-secondary" download>
                {t('stock.stockTemplate')}
              </a>
              <Link
                to={`/stock/management/adjust${brandSide ? `?vendor=${vendorId}` : ''}`}
                className="btn-primary"
              >
                {t('stock.adjust')}
              </Link>
            </>
          ) : null}
          <Link to="/stock/mutation" className="btn-secondary">
            {t('nav.stockMutation')}
          </Link>
        </div>
      </div>
      {brandSide ? (
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="manage-vendor" className="block text-sm font-medium text-slate-700">
              {t('stock.vendor')}
            </label>
            <select id="manage-vendor" name="vendor" defaultValue={vendorId ?? ''} className="input mt-1">
              {vendors.map((vendor) => (
                <option key={vendor.id} value={vendor.id}>
                  {vendor.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t('filters.apply')}
          </button>
        </Form>
      ) : null}
      {keeper && vendorId ? (
        <ImportForm kind="stock" vendorId={brandSide ? vendorId : undefined} formKey={formKey} />
      ) : null}
      {setting ? <ThresholdForm weeks={setting.low_stock_weeks} staff={staff} /> : null}
      <ListFilters
        searchLabel={t('stock.search')}
        dates={false}
        hidden={vendorId && brandSide ? { vendor: String(vendorId) } : {}}
      />
      {stock ? (
        <>
          <DataTable
            caption={t('stock.managementCaption')}
            rowKey={(row) => row.id}
            rows={stock.data}
            columns={columns}
          />
          <Pagination meta={stock.meta} />
        </>
      ) : (
        <p className="text-slate-600">{t('stock.noVendor')}</p>
      )}
      {updating ? (
        <Modal title={t('stock.updateTitle', { name: updating.name })} closeTo={closeTo}>
          <UpdateForm
            productId={updating.id}
            quantity={updating.quantity}
            lastResult={
              refusal?.intent === 'update' && refusal.productId === String(updating.id)
                ? refusal.result
                : undefined
            }
          />
        </Modal>
      ) : null}
    </section>
  );
}

/** The vendor's stock update modal: product and a whole quantity, dot thousands allowed. */
function UpdateForm({
  productId,
  quantity,
  lastResult,
}: {
  productId: number;
  quantity: number;
  lastResult?: QuantityRefusal['result'];
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'stock-update',
    lastResult,
    constraint: getZodConstraint(setQuantitySchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setQuantitySchema }),
    defaultValue: { product_id: String(productId), quantity: String(quantity) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="product_id" value={productId} />
      <div className="space-y-1">
        <label htmlFor={fields.quantity.id} className="block text-sm font-medium">
          {t('stock.onHand')}
        </label>
        <input
          {...getInputProps(fields.quantity, { type: 'text' })}
          key={fields.quantity.key}
          inputMode="numeric"
          className="input"
        />
        <FieldError
          id={fields.quantity.errorId}
          errors={fields.quantity.errors?.length ? fields.quantity.errors : form.errors}
        />
      </div>
      <button type="submit" className="btn-primary">
        {t('stock.save')}
      </button>
    </Form>
  );
}

/** The brand's low-stock threshold; administrators and key accounts change it, others read it. */
function ThresholdForm({ weeks, staff }: { weeks: number; staff: boolean }) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'low-stock-setting',
    lastResult: result && 'intent' in result && result.intent === 'setting' ? result.result : undefined,
    constraint: getZodConstraint(settingSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingSchema }),
    defaultValue: { low_stock_weeks: String(weeks) },
  });
  if (!staff) return <p className="text-sm text-slate-600">{t('stock.thresholdIs', { weeks })}</p>;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="setting" />
      <FormError id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={fields.low_stock_weeks.id} className="block text-sm font-medium text-slate-700">
          {t('stock.threshold')}
        </label>
        <input
          {...getInputProps(fields.low_stock_weeks, { type: 'number' })}
          key={fields.low_stock_weeks.key}
          className="input mt-1 w-28"
        />
        <FieldError id={fields.low_stock_weeks.errorId} errors={fields.low_stock_weeks.errors} />
      </div>
      <button type="submit" className="btn-secondary">
        {t('stock.save')}
      </button>
    </Form>
  );
}
