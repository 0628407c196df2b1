import { useFetcher } from '@remix-run/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';

/**
 * One row's stock on hand, edited in place. Without JavaScript it is a small form of its own with a Save
 * button; with it, Enter or leaving the field saves when the value changed (otherwise editing just ends), and
 * the row stays on the page while it saves.
 */
export function QuantityCell({
  productId,
  name,
  quantity,
}: {
  productId: number;
  name: string;
  quantity: number;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const input = useRef<HTMLInputElement>(null);
  const saving = fetcher.state !== 'idle';
  function changed() {
    const value = input.current?.value.trim() ?? '';
    return value !== '' && value !== String(quantity);
  }
  return (
    <fetcher.Form
      method="post"
      className="flex items-center justify-end gap-1"
      onSubmit={(event) => {
        if (!changed()) event.preventDefault();
      }}
    >
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="set-quantity" />
      <input type="hidden" name="product_id" value={productId} />
      <input
        ref={input}
        key={quantity}
        type="number"
        name="quantity"
        min={0}
        step={1}
        required
        defaultValue={quantity}
        aria-label={t('stock.quantityOf', { name })}
        className="input w-24 py-1 text-right"
        onBlur={(event) => {
          if (changed()) fetcher.submit(event.currentTarget.form);
        }}
      />
      <button type="submit" className="btn-secondary px-2 py-1 text-xs" disabled={saving}>
        {saving ? t('stock.saving') : t('stock.save')}
      </button>
    </fetcher.Form>
  );
}
