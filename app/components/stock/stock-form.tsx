import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Field, FieldError, FormError, SelectField } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { Modal } from '~/components/modal';
import { formatNumber } from '~/lib/format';
import { IMAGE_ACCEPT } from '~/lib/schemas/image';
import { productSchema, vendorStockSchema } from '~/lib/schemas/stock';
import type { SkuChannel, StockProduct } from '~/lib/upstream/stock.server';

type Option = { id: number; name: string };

/** The seeded channels: Tokopedia, whose listings the product screens edit, and Shopee. */
const TOKOPEDIA = 1;

function channelName(channel: SkuChannel) {
  return channel.channel_id === TOKOPEDIA ? 'Tokopedia' : 'Shopee';
}

/**
 * Where a channel SKU's listing opens: the parent's external id when it has one. Only Tokopedia
 * listings have a screen here, so a Shopee SKU links nowhere (docs/decisions/054).
 */
function listingHref(channel: SkuChannel) {
  if (channel.channel_id !== TOKOPEDIA) return null;
  const external = channel.parent_external?.id ?? channel.external?.id;
  return external ? `/product/${encodeURIComponent(external)}` : null;
}

/**
 * The stock form: name, SKU, category, vendor price, up to five photos and the channel SKUs;
 * the vendor stock table with its modal. Only platform staff see the price; Save, Delete and the vendor stock
 * button show as the policy allows (read-only otherwise).
 */
export function StockForm({
  product,
  can,
  categories,
  channelOptions,
  vendors,
  modal,
  formKey,
  lastResult,
  maxPhotos,
}: {
  product: StockProduct | null;
  can: { seePrice: boolean; save: boolean; remove: boolean; setVendorStock: boolean };
  categories: (Option & { depth: number })[];
  channelOptions: SkuChannel[];
  vendors: Option[];
  modal: string | null;
  formKey: string;
  lastResult?: { intent: unknown; result: SubmissionResult<string[]> };
  maxPhotos: number;
}) {
  const { t } = useTranslation();
  const here = product ? `/stock/${product.id}` : '/stock/create';
  const [form, fields] = useForm({
    id: 'stock-product',
    lastResult: lastResult?.intent === 'save' ? lastResult.result : undefined,
    constraint: getZodConstraint(productSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productSchema }),
    defaultValue: product
      ? {
          name: product.name,
          sku: product.sku,
          category_id: product.category_id ? String(product.category_id) : '',
          vendor_price: String(product.vendor_price),
        }
      : undefined,
  });
  const chosenChannels = new Set(product?.sku_channel_ids ?? []);
  const photoErrors = form.allErrors.photos;
  return (
    <div className="space-y-6">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="card space-y-4 p-4"
      >
        <FormKeyField value={formKey} />
        <AuthenticityTokenInput />
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset disabled={!can.save} className="grid gap-4 sm:grid-cols-2">
          <Field label={t('stock.name')} meta={fields.name} type="text" />
          <Field label={t('stock.sku')} meta={fields.sku} type="text" />
          <SelectField label={t('stock.category')} meta={fields.category_id}>
            <option value="">{t('stock.chooseCategory')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {`${'— '.repeat(category.depth)}${category.name}`}
              </option>
            ))}
          </SelectField>
          {can.seePrice ? (
            <Field label={t('stock.vendorPrice')} meta={fields.vendor_price} type="number" min={0} />
          ) : null}
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium">{t('stock.photos', { max: maxPhotos })}</legend>
            {product?.photos.length ? (
              <ul className="flex flex-wrap gap-3">
                {product.photos.map((photo) => (
                  <li key={photo.id} className="space-y-1 text-center text-xs">
                    <img src={photo.url} alt={photo.name} className="h-20 w-20 rounded object-cover" />
                    <label className="flex items-center gap-1">
                      <input type="checkbox" name="keep_photo_ids" value={photo.id} defaultChecked />
                      {t('stock.keepPhoto')}
                    </label>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">{t('stock.noPhotos')}</p>
            )}
            <label htmlFor="stock-photos" className="block text-sm">
              {t('stock.addPhotos')}
            </label>
            <input
              id="stock-photos"
              type="file"
              name="photos"
              multiple
              accept={IMAGE_ACCEPT}
              aria-describedby={photoErrors?.length ? 'stock-photos-error' : undefined}
              className="text-sm"
            />
            <FieldError id="stock-photos-error" errors={photoErrors} />
          </fieldset>
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor="stock-channels" className="block text-sm font-medium">
              {t('stock.channelSkus')}
            </label>
            <select
              id="stock-channels"
              name="sku_channel_ids"
              multiple
              defaultValue={[...chosenChannels].map(String)}
              aria-describedby="stock-channels-hint"
              className="input h-32"
            >
              {channelOptions.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  {`${channel.sku ?? '–'} · ${channel.name} (${channelName(channel)})`}
                </option>
              ))}
            </select>
            <p id="stock-channels-hint" className="text-xs text-slate-500">
              {t('stock.channelSkusHint')}
            </p>
            <FieldError id={fields.sku_channel_ids.errorId} errors={fields.sku_channel_ids.errors} />
            {product?.sku_channels.length ? (
              <ul className="flex flex-wrap gap-2 text-sm">
                {product.sku_channels.map((channel) => {
                  const href = listingHref(channel);
                  const label = `${channel.sku ?? channel.name} · ${channelName(channel)}`;
                  return (
                    <li key={channel.id}>
                      {href ? (
                        <Link to={href} className="text-brand-700 hover:underline">
                          {label}
                        </Link>
                      ) : (
                        label
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        </fieldset>
        {can.save || can.remove ? (
          <div className="flex flex-wrap gap-2">
            {can.save ? (
              <>
                <Link to="/stock" className="btn-secondary">
                  {t('stock.cancel')}
                </Link>
                <button type="submit" name="intent" value="save" className="btn-primary">
                  {t('stock.save')}
                </button>
              </>
            ) : null}
            {product && can.remove ? (
              <Link to="?modal=delete" preventScrollReset className="btn-secondary text-red-700">
                {t('stock.delete')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </Form>
      {product ? (
        <section aria-labelledby="vendor-stock-title" className="space-y-2">
          <div className="flex items-center justify-between">
            <h2 id="vendor-stock-title" className="text-lg font-semibold">
              {t('stock.vendorStock')}
            </h2>
            {can.setVendorStock ? (
              <Link to="?modal=vendor-stock" preventScrollReset className="btn-secondary">
                {t('stock.setVendorStock')}
              </Link>
            ) : null}
          </div>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t('stock.vendorStock')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-4 py-2 text-left">
                    {t('stock.vendor')}
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    {t('stock.onHand')}
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    {t('stock.reserved')}
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    {t('stock.available')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {product.vendor_stock.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="px-4 py-6 text-center text-slate-500">
                      {t('table.empty')}
                    </td>
                  </tr>
                ) : (
                  product.vendor_stock.map((row) => (
                    <tr key={row.vendor_id}>
                      <td className="px-4 py-2">{row.vendor_name}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{formatNumber(row.quantity, 0)}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{formatNumber(row.reserved, 0)}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{formatNumber(row.available, 0)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {modal === 'vendor-stock' ? (
        <Modal title={t('stock.setVendorStock')} closeTo={here}>
          <VendorStockForm
            vendors={vendors}
            lastResult={lastResult?.intent === 'vendor-stock' ? lastResult.result : undefined}
          />
        </Modal>
      ) : null}
      {modal === 'delete' && product ? (
        <ConfirmDialog
          title={t('stock.deleteTitle')}
          text={t('stock.deleteConfirm', { name: product.name })}
          confirmLabel={t('stock.delete')}
          closeTo={here}
          intent="delete"
        />
      ) : null}
    </div>
  );
}

/** The vendor-stock modal: a vendor serving the brand and its quantity on hand, both required. */
function VendorStockForm({
  vendors,
  lastResult,
}: {
  vendors: Option[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'vendor-stock',
    lastResult,
    constraint: getZodConstraint(vendorStockSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: vendorStockSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="vendor-stock" />
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField label={t('stock.vendor')} meta={fields.vendor_id}>
        <option value="" disabled>
          {t('stock.chooseVendor')}
        </option>
        {vendors.map((vendor) => (
          <option key={vendor.id} value={vendor.id}>
            {vendor.name}
          </option>
        ))}
      </SelectField>
      <Field label={t('stock.onHand')} meta={fields.quantity} type="text" inputMode="numeric" />
      <button type="submit" className="btn-primary">
        {t('stock.save')}
      </button>
    </Form>
  );
}
