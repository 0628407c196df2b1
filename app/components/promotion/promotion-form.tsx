import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field, FieldError, FormError, SelectField } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { formatMoney } from '~/lib/format';
import type { ProductRow, PromotionValues } from '~/lib/promotion/rows';
import { PROMOTION_CHANNELS, PROMOTION_TYPES } from '~/lib/promotion/options';
import { promotionFormSchema, promotionPickSchema } from '~/lib/schemas/promotion';

const checkForSave = (formData: FormData) => parseWithZod(formData, { schema: promotionFormSchema });

/** The picker's submits check nothing here: they only answer the form again, whatever it holds. */
const pickStep = (formData: FormData) =>
  parseWithZod(formData, { schema: promotionPickSchema }) as unknown as ReturnType<typeof checkForSave>;

function isPickStep(submitter: HTMLElement | null) {
  const intent = submitter?.getAttribute('value');
  return Boolean(intent) && intent !== 'save';
}

/**
 * The promotion form of /promosi/create and of a promotion not started yet. Products are picked by ticking rows;
 * the product search, ticking every row shown and clearing the ticks are submits of this form that answer it
 * again with everything typed and ticked kept (the voucher form's orders are picked the same way), so they work
 * without JavaScript; the search's Enter searches.
 */
export function PromotionForm({
  brandName,
  values,
  rows,
  search,
  lastResult,
  formKey,
  submitLabel,
  cancelTo,
}: {
  brandName: string | null;
  values: PromotionValues;
  rows: ProductRow[];
  search: string;
  lastResult?: SubmissionResult<string[]>;
  formKey?: string;
  submitLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'promotion',
    lastResult,
    defaultValue: {
      ...values,
      products: rows.map((row) => ({
        selected: row.chosen ? 'on' : undefined,
        product_id: String(row.id),
        promo_stock: row.promo_stock,
        purchase_limit: row.purchase_limit,
      })),
    },
    constraint: getZodConstraint(promotionFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData, submitter }) =>
      isPickStep(submitter) ? pickStep(formData) : checkForSave(formData),
  });
  const productFields = fields.products.getFieldList();
  const ticked = productFields.filter((row) => row.getFieldset().selected.value === 'on').length;
  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <AuthenticityTokenInput />
        {formKey ? <FormKeyField value={formKey} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-600">
          {t('promotion.brand')}: <strong>{brandName ?? '–'}</strong>
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t('promotion.name')} meta={fields.name} type="text" maxLength={150} />
          <SelectField label={t('promotion.type')} meta={fields.type}>
            <option value="">{t('promotion.chooseType')}</option>
            {PROMOTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`promotion.types.${type}`)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('promotion.value')}
            meta={fields.value}
            type="number"
            min={1}
            hint={t('promotion.valueHint')}
          />
          <SelectField label={t('promotion.channel')} meta={fields.channel}>
            <option value="">{t('promotion.chooseChannel')}</option>
            {PROMOTION_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {t(`promotion.channels.${channel}`)}
              </option>
            ))}
          </SelectField>
          <WhenFields
            legend={t('promotion.start')}
            date={fields.start_date}
            time={fields.start_time}
            dateLabel={t('promotion.startDate')}
            timeLabel={t('promotion.startTime')}
          />
          <WhenFields
            legend={t('promotion.end')}
            date={fields.end_date}
            time={fields.end_time}
            dateLabel={t('promotion.endDate')}
            timeLabel={t('promotion.endTime')}
          />
        </div>
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-semibold text-slate-800">{t('promotion.products')}</legend>
          <p className="text-xs text-slate-500">{t('promotion.productsHint')}</p>
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="promotion-product-q" className="block text-sm font-medium text-slate-700">
                {t('promotion.productSearch')}
              </label>
              <input
                id="promotion-product-q"
                type="search"
                name="q"
                maxLength={200}
                defaultValue={search}
                className="input mt-1"
              />
            </div>
            {/* The form's first submit: Enter in any field searches, which keeps everything. */}
            <button
              type="submit"
              name="intent"
              value="search-products"
              formNoValidate
              className="btn-secondary"
            >
              {t('promotion.searchProducts')}
            </button>
            <button type="submit" name="intent" value="select-all" formNoValidate className="btn-secondary">
              {t('promotion.selectAllShown')}
            </button>
            <button
              type="submit"
              name="intent"
              value="clear-products"
              formNoValidate
              className="btn-secondary"
            >
              {t('promotion.clearProducts')}
            </button>
          </div>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('promotion.tickedCount', { count: ticked })}
          </p>
          <FieldError id={fields.products.errorId} errors={fields.products.errors} />
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t('promotion.productsCaption')}</caption>
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="p-2">
                    {t('promotion.include')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('promotion.product')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('promotion.price')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('promotion.availableStock')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('promotion.promoStock')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('promotion.purchaseLimit')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="p-2 text-slate-500">
                      {t('promotion.noProducts')}
                    </td>
                  </tr>
                ) : null}
                {rows.map((row, index) => {
                  const line = productFields[index]?.getFieldset();
                  if (!line) return null;
                  return (
                    <tr key={row.id} className="border-t border-slate-100 align-top">
                      <td className="p-2">
                        <input
                          {...getInputProps(line.product_id, { type: 'hidden' })}
                          key={line.product_id.key}
                        />
                        <input
                          {...getInputProps(line.selected, { type: 'checkbox', value: 'on' })}
                          key={line.selected.key}
                          aria-label={t('promotion.includeProduct', { name: row.name })}
                        />
                        <FieldError id={line.product_id.errorId} errors={line.product_id.errors} />
                      </td>
                      <td className="p-2">
                        <div className="font-medium">{row.name}</div>
                        <div className="text-xs text-slate-500">{row.sku}</div>
                      </td>
                      <td className="p-2">{formatMoney(row.price)}</td>
                      <td className="p-2">{row.available_stock}</td>
                      <td className="p-2">
                        <input
                          {...getInputProps(line.promo_stock, { type: 'number', ariaAttributes: true })}
                          key={line.promo_stock.key}
                          min={0}
                          className="input w-28"
                          aria-label={t('promotion.promoStockOf', { name: row.name })}
                        />
                        <FieldError id={line.promo_stock.errorId} errors={line.promo_stock.errors} />
                      </td>
                      <td className="p-2">
                        <input
                          {...getInputProps(line.purchase_limit, { type: 'number', ariaAttributes: true })}
                          key={line.purchase_limit.key}
                          min={0}
                          className="input w-28"
                          aria-label={t('promotion.purchaseLimitOf', { name: row.name })}
                        />
                        <FieldError id={line.purchase_limit.errorId} errors={line.purchase_limit.errors} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </fieldset>
        <div className="flex gap-2">
          <button
            type="submit"
            name="intent"
            value="save"
            className="btn-primary"
            disabled={navigation.state === 'submitting'}
          >
            {submitLabel}
          </button>
          <Link to={cancelTo} className="btn-secondary">
            {t('promotion.cancel')}
          </Link>
        </div>
      </Form>
    </>
  );
}

function WhenFields({
  legend,
  date,
  time,
  dateLabel,
  timeLabel,
}: {
  legend: string;
  date: Parameters<typeof getInputProps>[0];
  time: Parameters<typeof getInputProps>[0];
  dateLabel: string;
  timeLabel: string;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex gap-2">
        <div>
          <label htmlFor={date.id} className="block text-xs text-slate-600">
            {dateLabel}
          </label>
          <input
            {...getInputProps(date, { type: 'date', ariaAttributes: true })}
            key={date.key}
            className="input"
          />
        </div>
        <div>
          <label htmlFor={time.id} className="block text-xs text-slate-600">
            {timeLabel}
          </label>
          <input
            {...getInputProps(time, { type: 'time', ariaAttributes: true })}
            key={time.key}
            className="input"
          />
        </div>
      </div>
      <FieldError id={date.errorId} errors={date.errors} />
      <FieldError id={time.errorId} errors={time.errors} />
    </fieldset>
  );
}
