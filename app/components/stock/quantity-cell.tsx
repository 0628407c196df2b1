import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { useFetcher } from '@remix-run/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FieldError } from '~/components/field';

/** What the stock screen's action answers a refused quantity with. */
export type QuantityRefusal = { intent?: unknown; productId: string; result: SubmissionResult<string[]> };

/**
 * One row's stock on hand, edited in place. Without JavaScript it is a small form of its own with a Save
 * button; with it, Enter or leaving the field saves when the value changed (otherwise editing just ends), and
 * the row stays on the page while it saves. A refused value stays in the field with the reason under it:
 * `pageResult` is the page's answer to a post without JavaScript, the fetcher's own answer otherwise.
 */
export function QuantityCell({
  productId,
  name,
  quantity,
  pageResult,
}: {
  productId: number;
  name: string;
  quantity: number;
  pageResult?: QuantityRefusal;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<QuantityRefusal>();
  const input = useRef<HTMLInputElement>(null);
  const saving = fetcher.state !== 'idle';
  const mine = (answer?: QuantityRefusal) =>
    answer && answer.intent === 'set-quantity' && answer.productId === String(productId)
      ? answer.result
      : undefined;
  const lastResult = mine(fetcher.data) ?? mine(pageResult);
  const [form, fields] = useForm({
    id: `quantity-${productId}`,
    lastResult,
    defaultValue: { quantity: String(quantity) },
  });
  function changed() {
    const value = input.current?.value.trim() ?? '';
    return value !== '' && value !== String(quantity);
  }
  const errors = fields.quantity.errors?.length ? fields.quantity.errors : form.errors;
  // The form's state keeps the value it was first given, so a saved quantity is taken from the row itself;
  // only a refusal brings back what was typed.
  const { key, defaultValue, ...inputProps } = getInputProps(fields.quantity, {
    type: 'number',
    ariaAttributes: true,
  });
  return (
    <div className="flex flex-col items-end gap-1">
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        noValidate={false}
        className="flex items-center justify-end gap-1"
        onSubmit={(event) => {
          if (!changed()) event.preventDefault();
        }}
      >
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="set-quantity" />
        <input type="hidden" name="product_id" value={productId} />
        <input
          {...inputProps}
          ref={input}
          key={`${quantity}-${key ?? ''}`}
          defaultValue={lastResult ? defaultValue : quantity}
          min={0}
          step={1}
          required
          aria-label={t('stock.quantityOf', { name })}
          aria-describedby={errors?.length ? fields.quantity.errorId : undefined}
          aria-invalid={errors?.length ? true : undefined}
          className="input w-24 py-1 text-right"
          onBlur={(event) => {
            if (changed()) fetcher.submit(event.currentTarget.form);
          }}
        />
        <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={saving}>
          {saving ? t('stock.saving') : t('stock.save')}
        </button>
      </fetcher.Form>
      <FieldError id={fields.quantity.errorId} errors={errors} />
    </div>
  );
}
