import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormKeyField } from '~/components/form-key-field';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FieldError, FormError } from '~/components/field';
import { returnSchema } from '~/lib/schemas/order';
import type { OrderProduct } from '~/lib/upstream/orders.server';

/**
 * The 'Retur Product' modal: tick lines, say how many came back and why. Opened from an item row of the Barang
 * view (`onlyLineId`), only that product's line can be ticked. With JavaScript a line's quantity
 * and note open once it is ticked; without, they are always open and the server reads only the ticked lines.
 */
export function ReturnForm({
  lines,
  lastResult,
  formKey,
  onlyLineId = null,
}: {
  lines: OrderProduct[];
  lastResult?: SubmissionResult<string[]>;
  formKey: string;
  onlyLineId?: number | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: 'return',
    lastResult,
    // One list entry per line, so that each row has its fields (and their errors) before anything is sent.
    defaultValue: { order_products: lines.map((line) => ({ id: String(line.id), quantity: '0' })) },
    constraint: getZodConstraint(returnSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnSchema }),
  });
  const rows = fields.order_products.getFieldList();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [ticked, setTicked] = useState(
    () => new Set(rows.flatMap((row, index) => (row.getFieldset().selected.initialValue ? [index] : []))),
  );
  const tick = (index: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormKeyField value={formKey} />
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="return" />
      <FormError id={form.errorId} errors={form.errors ?? fields.order_products.errors} />
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t('order.returnTitle')}</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-2 pr-2">
              {t('order.select')}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t('order.product')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t('order.quantity')}
            </th>
            <th scope="col" className="py-2 pr-2">
              {t('order.returnQuantity')}
            </th>
            <th scope="col" className="py-2">
              {t('order.note')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const available = line.quantity - (line.quantity_return ?? 0);
            const name = `order_products[${index}]`;
            // What was sent comes back after a refusal, so a page rendered without JavaScript keeps it.
            const row = rows[index].getFieldset();
            const { key: selectedKey, ...selectedProps } = getInputProps(row.selected, { type: 'checkbox' });
            const { key: quantityKey, ...quantityProps } = getInputProps(row.quantity, {
              type: 'number',
              ariaAttributes: true,
            });
            const { key: noteKey, ...noteProps } = getInputProps(row.note, { type: 'text' });
            const closed = hydrated && !ticked.has(index);
            return (
              <tr key={line.id} className="border-b align-top">
                <td className="py-2 pr-2">
                  <input type="hidden" name={`${name}.id`} value={line.id} />
                  <input type="hidden" name={`${name}.max`} value={available} />
                  <input
                    key={selectedKey}
                    {...selectedProps}
                    onChange={(event) => tick(index, event.currentTarget.checked)}
                    disabled={available < 1 || (onlyLineId !== null && line.id !== onlyLineId)}
                    aria-label={t('order.selectLine', {
                      product: line.invoice_product?.product.name ?? line.id,
                    })}
                  />
                </td>
                <td className="py-2 pr-2">{line.invoice_product?.product.name}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{available}</td>
                <td className="py-2 pr-2">
                  <label htmlFor={row.quantity.id} className="sr-only">
                    {t('order.returnQuantity')}
                  </label>
                  {/* The schema checks the upper bound against each line's own `max`, so it is set here. */}
                  <input
                    key={quantityKey}
                    {...quantityProps}
                    max={available}
                    step={1}
                    disabled={closed}
                    className="input w-24 disabled:bg-slate-100 disabled:text-slate-400"
                  />
                  <FieldError id={row.quantity.errorId} errors={row.quantity.errors} />
                </td>
                <td className="py-2">
                  <label htmlFor={row.note.id} className="sr-only">
                    {t('order.note')}
                  </label>
                  <input
                    key={noteKey}
                    {...noteProps}
                    disabled={closed}
                    className="input disabled:bg-slate-100 disabled:text-slate-400"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="submit" className="btn-primary">
        {t('order.saveReturn')}
      </button>
    </Form>
  );
}
