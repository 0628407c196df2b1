import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useLookup } from '~/lib/use-lookup';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { FormError, Labelled } from '~/components/field';
import { voucherFormSchema, type VendorChange, type VoucherDraft } from '~/lib/schemas/payment';
import { VoucherOrders, type VoucherOrder } from './voucher-orders';

type Named = { id: number; name: string };

export type VoucherChoices = {
  vendors: Named[];
  banks: Named[];
  orders: VoucherOrder[];
  accountNumbers: string[];
  accountNames: string[];
};

/** A new form (and its defaults) whenever a step changed the draft; a refused save keeps the form and its errors. */
function draftKey(draft: VoucherDraft, change: VendorChange | null) {
  const filter = `${draft.orders_from}-${draft.orders_to}`;
  return `voucher-${draft.vendor_id ?? 'none'}-${draft.order_ids.join('.')}-${filter}-${change?.vendor_id ?? ''}`;
}

/**
 * Suggestions from the vendor's earlier vouchers: without JavaScript the `<datalist>` holds what the page was
 * rendered with; with it, typing asks for matches (300 ms after the last key).
 */
function useHistory(kind: 'number' | 'name', initial: string[], query: Record<string, string>) {
  const lookup = useLookup<{ values: string[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  function lookUp(search: string, extra: Record<string, string> = {}) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const params = new URLSearchParams({ ...query, ...extra, kind, search });
      lookup.load(`/send-payment/history?${params.toString()}`);
    }, 300);
  }
  return { values: lookup.data?.values ?? initial, lookUp };
}

/**
 * The payment form, create and edit alike. Every step is a submit button, so without JavaScript
 * choosing the vendor reloads the order choices and adding or removing an order is a round trip; with it, the
 * vendor's step runs as soon as the vendor changes.
 */
export function VoucherForm({
  draft,
  choices,
  change = null,
  brandId,
  lastResult,
  hidden,
  submitLabel,
  readOnly = false,
}: {
  draft: VoucherDraft;
  choices: VoucherChoices;
  /** A vendor change to confirm (the form keeps the vendor it had until then). */
  change?: VendorChange | null;
  brandId: number;
  lastResult?: SubmissionResult<string[]>;
  hidden?: ReactNode;
  submitLabel: string;
  /** For a user who may read the voucher but not change it: every control disabled, no Save. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const chooseVendor = useRef<HTMLButtonElement>(null);
  const [form, fields] = useForm({
    id: draftKey(draft, change),
    lastResult,
    defaultValue: {
      ...draft,
      vendor_id: draft.vendor_id ?? '',
      bank_id: draft.bank_id ?? '',
      order_ids: draft.order_ids.map(String),
    },
    constraint: getZodConstraint(voucherFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: voucherFormSchema }),
  });
  const vendor = draft.vendor_id;
  const history = { vendor: String(vendor ?? ''), brand: String(brandId) };
  const numbers = useHistory('number', choices.accountNumbers, history);
  const names = useHistory('name', choices.accountNames, history);
  const [accountNumber, setAccountNumber] = useState(draft.account_number);

  const input = (meta: FieldMetadata<unknown>, type: 'text' | 'date') => {
    const { key, ...props } = getInputProps(meta as FieldMetadata<string>, { type, ariaAttributes: true });
    return { key, props };
  };
  const number = input(fields.number, 'text');
  const date = input(fields.date, 'date');
  const dueDate = input(fields.due_date, 'date');
  const accountNumberInput = input(fields.account_number, 'text');
  const accountName = input(fields.account_holder_name, 'text');
  const check = input(fields.payment_method_description, 'text');
  const { key: vendorKey, ...vendorProps } = getSelectProps(fields.vendor_id, { ariaAttributes: true });
  const { key: bankKey, ...bankProps } = getSelectProps(fields.bank_id, { ariaAttributes: true });
  const changeTo = change ? choices.vendors.find((option) => option.id === change.vendor_id) : undefined;

  return (
    // Keyed by the draft: after a step the browser must not keep a choice the new draft no longer offers.
    <Form key={form.id} method="post" {...getFormProps(form)} className="space-y-6">
      <AuthenticityTokenInput />
      {hidden}
      <input type="hidden" name="previous_vendor_id" value={vendor ?? ''} />
      <FormError id={form.errorId} errors={form.errors} />
      {change ? (
        <div role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p>
            {t('payment.confirmVendorChange', {
              vendor: changeTo?.name ?? change.vendor_id,
              count: change.count,
            })}
          </p>
          <input type="hidden" name="vendor_change_to" value={change.vendor_id} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="confirm-vendor" className="btn-primary">
              {t('payment.changeVendor')}
            </button>
            <button type="submit" name="intent" value="keep-vendor" className="btn-secondary">
              {t('payment.keepVendor')}
            </button>
          </div>
        </div>
      ) : null}

      <fieldset disabled={readOnly} className="min-w-0 space-y-6">
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <Labelled meta={fields.number} label={t('payment.number')}>
            <input key={number.key} {...number.props} className="input" maxLength={100} />
          </Labelled>
          <Labelled meta={fields.vendor_id} label={t('payment.vendor')}>
            <div className="flex flex-wrap gap-2">
              <select
                key={vendorKey}
                {...vendorProps}
                defaultValue={vendor ?? ''}
                className="input min-w-48 flex-1"
                onChange={(event) => event.currentTarget.form?.requestSubmit(chooseVendor.current)}
              >
                <option value="" disabled>
                  {t('payment.chooseVendor')}
                </option>
                {choices.vendors.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              <button
                ref={chooseVendor}
                type="submit"
                name="intent"
                value="choose-vendor"
                className="btn-secondary whitespace-nowrap"
              >
                {t('payment.loadOrders')}
              </button>
            </div>
          </Labelled>
          <Labelled meta={fields.date} label={t('payment.date')}>
            <input key={date.key} {...date.props} className="input" />
          </Labelled>
          <Labelled meta={fields.due_date} label={t('payment.dueDate')}>
            <input key={dueDate.key} {...dueDate.props} className="input" />
          </Labelled>
          <Labelled meta={fields.bank_id} label={t('payment.bank')}>
            <select key={bankKey} {...bankProps} defaultValue={draft.bank_id ?? ''} className="input">
              <option value="" disabled>
                {t('payment.chooseBank')}
              </option>
              {choices.banks.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled meta={fields.payment_method_description} label={t('payment.checkNumber')}>
            <input key={check.key} {...check.props} className="input" maxLength={100} />
          </Labelled>
          <Labelled meta={fields.account_number} label={t('payment.accountNumber')}>
            <input
              key={accountNumberInput.key}
              {...accountNumberInput.props}
              className="input"
              maxLength={50}
              list="account-number-history"
              autoComplete="off"
              onChange={(event) => {
                const value = event.currentTarget.value;
                setAccountNumber(value);
                if (vendor) numbers.lookUp(value);
              }}
            />
            <datalist id="account-number-history">
              {numbers.values.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          </Labelled>
          <Labelled meta={fields.account_holder_name} label={t('payment.accountName')}>
            <input
              key={accountName.key}
              {...accountName.props}
              className="input"
              maxLength={150}
              list="account-name-history"
              autoComplete="off"
              onFocus={() =>
                vendor && names.lookUp('', accountNumber ? { 'account-number': accountNumber } : {})
              }
              onChange={(event) =>
                vendor &&
                names.lookUp(
                  event.currentTarget.value,
                  accountNumber ? { 'account-number': accountNumber } : {},
                )
              }
            />
            <datalist id="account-name-history">
              {names.values.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          </Labelled>
        </div>

        <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-base font-semibold">{t('payment.orders')}</legend>
          {vendor === null ? (
            <p className="text-sm text-slate-600">{t('payment.selectVendorFirst')}</p>
          ) : (
            <VoucherOrders
              orders={choices.orders}
              chosen={draft.order_ids}
              ordersField={fields.order_ids}
              fromField={fields.orders_from}
              toField={fields.orders_to}
            />
          )}
        </fieldset>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        {readOnly ? null : (
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            {submitLabel}
          </button>
        )}
        <Link to="/send-payment" className="btn-secondary">
          {t('payment.cancel')}
        </Link>
      </div>
    </Form>
  );
}
