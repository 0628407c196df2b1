import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { replyWithUpstreamError } from './forms.server';
import { removedOrderOf, voucherFormSchema, type VoucherForm } from './schemas/payment';
import { UpstreamError, type Upstream } from './upstream/client.server';
import { optionsApi } from './upstream/options.server';
import { paymentApi, type PayableOrder, type Voucher, type VoucherBody } from './upstream/payments.server';

/** What the payment form holds between its steps: without JavaScript each step is a round trip. */
export type Draft = {
  number: string;
  vendor_id: number | null;
  date: string;
  due_date: string;
  bank_id: number | null;
  account_number: string;
  account_holder_name: string;
  payment_method_description: string;
  order_ids: number[];
};

/** `YYYY-MM-DD` of today in Jakarta, the voucher's default date. */
export function jakartaToday(now = Date.now()) {
  return new Date(now + 7 * 3_600_000).toISOString().slice(0, 10);
}

export function emptyDraft(): Draft {
  return {
    number: '',
    vendor_id: null,
    date: jakartaToday(),
    due_date: '',
    bank_id: null,
    account_number: '',
    account_holder_name: '',
    payment_method_description: '',
    order_ids: [],
  };
}

export function draftOfVoucher(voucher: Voucher): Draft {
  return {
    number: voucher.number,
    vendor_id: voucher.vendor_id,
    date: voucher.date,
    due_date: voucher.due_date ?? '',
    bank_id: voucher.bank_id,
    account_number: voucher.account_number ?? '',
    account_holder_name: voucher.account_holder_name ?? '',
    payment_method_description: voucher.payment_method_description ?? '',
    order_ids: voucher.order_ids,
  };
}

/** The form as submitted, with the step its button asked for applied. */
function draftOfForm(value: VoucherForm): Draft {
  const draft: Draft = {
    number: value.number ?? '',
    vendor_id: value.vendor_id ?? null,
    date: value.date ?? '',
    due_date: value.due_date ?? '',
    bank_id: value.bank_id ?? null,
    account_number: value.account_number ?? '',
    account_holder_name: value.account_holder_name ?? '',
    payment_method_description: value.payment_method_description ?? '',
    order_ids: value.order_ids,
  };
  // Spec 001 §4: changing the vendor clears the orders, the account number and the holder name.
  if (draft.vendor_id !== (value.previous_vendor_id ?? null)) {
    return { ...draft, order_ids: [], account_number: '', account_holder_name: '' };
  }
  if (value.intent === 'add-order' && value.add_order_id) {
    return { ...draft, order_ids: [...draft.order_ids, value.add_order_id] };
  }
  const removed = removedOrderOf(value.intent);
  if (removed !== null) return { ...draft, order_ids: draft.order_ids.filter((id) => id !== removed) };
  return draft;
}

function bodyOf(draft: Draft, brandId: number): VoucherBody {
  return {
    number: draft.number,
    vendor_id: draft.vendor_id as number,
    brand_id: brandId,
    date: draft.date,
    due_date: draft.due_date || null,
    bank_id: draft.bank_id as number,
    account_number: draft.account_number,
    account_holder_name: draft.account_holder_name,
    payment_method_description: draft.payment_method_description || null,
    order_ids: draft.order_ids,
  };
}

/**
 * The choices of a lookup the upstream refuses (a draft as typed: a vendor id past any record, an account number
 * too long or with a character no text holds): none. The form's own errors say what is wrong with the draft.
 */
async function noneIfRefused<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 422) return [];
    throw error;
  }
}

/**
 * The choices the form offers for a draft: the brand's vendors and the banks; once a vendor is chosen, the
 * orders it may be paid for (on edit, the voucher's own too), the chosen ones with their lines, and the account
 * numbers and holders of its earlier vouchers.
 */
export async function formChoices(
  api: Upstream,
  { brandId, draft, voucherId }: { brandId: number; draft: Draft; voucherId?: number },
) {
  const vendor = draft.vendor_id;
  const scope = { brand: brandId, ...(voucherId ? { 'send-payment': voucherId } : {}) };
  const [vendors, banks, payable, chosen, accountNumbers, accountNames] = await Promise.all([
    optionsApi.vendors(api, { brandId }),
    paymentApi.bankOptions(api),
    vendor ? noneIfRefused(paymentApi.payableOrders(api, { ...scope, vendor })) : ([] as PayableOrder[]),
    vendor && draft.order_ids.length
      ? noneIfRefused(
          paymentApi.payableOrders(api, { ...scope, vendor, ids: draft.order_ids, with: 'order_products' }),
        )
      : ([] as PayableOrder[]),
    vendor ? noneIfRefused(paymentApi.accountNumbers(api, { vendor, brand: brandId })) : ([] as string[]),
    vendor
      ? noneIfRefused(
          paymentApi.accountNames(api, {
            vendor,
            brand: brandId,
            ...(draft.account_number ? { 'account-number': draft.account_number } : {}),
          }),
        )
      : ([] as string[]),
  ]);
  const byId = new Map(chosen.map((order) => [order.id, order]));
  const orders = draft.order_ids.flatMap((id) => {
    const order = byId.get(id);
    return order ? [order] : [];
  });
  return {
    vendors,
    banks,
    payable: payable.filter((order) => !draft.order_ids.includes(order.id)),
    orders,
    total: orders.reduce((sum, order) => sum + order.amount, 0),
    accountNumbers,
    accountNames,
  };
}

export type FormChoices = Awaited<ReturnType<typeof formChoices>>;

/**
 * The payment form's action for create and edit: a step answers the new draft with its choices; saving calls
 * `save` and answers its redirect, or the upstream's refusal on the form (with the draft as submitted).
 */
export async function voucherAction(
  api: Upstream,
  formData: FormData,
  {
    brandId,
    voucherId,
    save,
  }: { brandId: number; voucherId?: number; save: (body: VoucherBody) => Promise<Response> },
) {
  const submission = parseWithZod(formData, { schema: voucherFormSchema });
  if (submission.status !== 'success') {
    const draft = readDraftLeniently(formData);
    const choices = await formChoices(api, { brandId, draft, voucherId });
    return json({ result: submission.reply(), draft, choices }, { status: 400 });
  }
  const value = submission.value;
  const draft = draftOfForm(value);
  const vendorChanged = draft.vendor_id !== (value.previous_vendor_id ?? null);
  if (value.intent === 'save' && !vendorChanged) {
    try {
      return await save(bodyOf(draft, brandId));
    } catch (error) {
      const fields = [
        'number',
        'vendor_id',
        'date',
        'due_date',
        'bank_id',
        'account_number',
        'account_holder_name',
        'payment_method_description',
        'order_ids',
      ];
      const result = replyWithUpstreamError(submission, error, fields);
      const choices = await formChoices(api, { brandId, draft, voucherId });
      return json({ result, draft, choices }, { status: 400 });
    }
  }
  const choices = await formChoices(api, { brandId, draft, voucherId });
  if (value.intent === 'save') {
    // The vendor changed without its step: the orders were the other vendor's, so they go and nothing is saved.
    const result = submission.reply({ formErrors: ['payment.vendorChanged'] });
    return json({ result, draft, choices }, { status: 400 });
  }
  return json({ result: undefined, draft, choices });
}

/** The form's values as typed, when they do not parse: the page shows them back with the errors. */
function readDraftLeniently(formData: FormData): Draft {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const id = (name: string) => {
    const value = Number(text(name));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  };
  const orderIds = [...formData.entries()]
    .filter(([name]) => /^order_ids\[\d+\]$/.test(name))
    .map(([, value]) => Number(value))
    .filter((value) => Number.isSafeInteger(value) && value > 0);
  return {
    number: text('number'),
    vendor_id: id('vendor_id'),
    date: text('date'),
    due_date: text('due_date'),
    bank_id: id('bank_id'),
    account_number: text('account_number'),
    account_holder_name: text('account_holder_name'),
    payment_method_description: text('payment_method_description'),
    order_ids: [...new Set(orderIds)],
  };
}
