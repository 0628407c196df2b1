import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { jakartaToday } from './dates';
import { replyWithUpstreamError } from './forms.server';
import { voucherFormSchema, type VendorChange, type VoucherDraft, type VoucherForm } from './schemas/payment';
import { UpstreamError, type Upstream } from './upstream/client.server';
import { optionsApi } from './upstream/options.server';
import { paymentApi, type PayableOrder, type Voucher, type VoucherBody } from './upstream/payments.server';

type Draft = VoucherDraft;

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
    orders_from: '',
    orders_to: '',
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
    orders_from: '',
    orders_to: '',
  };
}

/**
 * The form as submitted, with the step its button asked for applied. A vendor change drops the orders, the
 * account number and the holder name; when orders are ticked, it waits for a confirmation and the draft keeps
 * the vendor it had (docs/decisions/055).
 */
export function draftOfForm(value: VoucherForm): { draft: Draft; change: VendorChange | null } {
  const previous = value.previous_vendor_id ?? null;
  const draft: Draft = {
    number: value.number ?? '',
    vendor_id: value.vendor_id ?? null,
    date: value.date ?? '',
    due_date: value.due_date ?? '',
    bank_id: value.bank_id ?? null,
    account_number: value.account_number ?? '',
    account_holder_name: value.account_holder_name ?? '',
    payment_method_description: value.payment_method_description ?? '',
    order_ids: [...new Set(value.order_ids)],
    orders_from: value.orders_from ?? '',
    orders_to: value.orders_to ?? '',
  };
  const dropped = {
    order_ids: [],
    account_number: '',
    account_holder_name: '',
    orders_from: '',
    orders_to: '',
  };
  if (value.intent === 'confirm-vendor' && value.vendor_change_to) {
    return { draft: { ...draft, ...dropped, vendor_id: value.vendor_change_to }, change: null };
  }
  if (value.intent === 'keep-vendor') return { draft: { ...draft, vendor_id: previous }, change: null };
  if (draft.vendor_id !== previous) {
    if (draft.order_ids.length && previous !== null && draft.vendor_id !== null) {
      const change = { vendor_id: draft.vendor_id, count: draft.order_ids.length };
      return { draft: { ...draft, vendor_id: previous }, change };
    }
    return { draft: { ...draft, ...dropped }, change: null };
  }
  if (value.intent === 'clear-orders') return { draft: { ...draft, order_ids: [] }, change: null };
  return { draft, change: null };
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

/** The Jakarta day an order was completed on, as the table's date filter reads it. */
function completedDay(order: PayableOrder) {
  return order.completed_at ? jakartaToday(new Date(order.completed_at)) : '';
}

/**
 * The choices the form offers for a draft: the brand's vendors and the banks; once a vendor is chosen, the
 * order table (the ticked orders with their lines, then the vendor's other payable orders completed within the
 * filter's days; on edit the voucher's own orders count as payable) and the account numbers and holders of its
 * earlier vouchers.
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
  const shown = payable.filter((order) => {
    if (byId.has(order.id)) return false;
    const day = completedDay(order);
    return (!draft.orders_from || day >= draft.orders_from) && (!draft.orders_to || day <= draft.orders_to);
  });
  return {
    vendors,
    banks,
    /** The order table: ticked orders first (with their lines), then the payable ones the filter shows. */
    orders: [...orders, ...shown],
    total: orders.reduce((sum, order) => sum + order.amount, 0),
    accountNumbers,
    accountNames,
  };
}

export type FormChoices = Awaited<ReturnType<typeof formChoices>>;

/**
 * The payment form's action for create and edit: a step answers the new draft with its choices (and a vendor
 * change to confirm); saving calls `save` and answers its redirect, or the upstream's refusal on the form.
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
    return json({ result: submission.reply(), draft, choices, change: null }, { status: 400 });
  }
  const value = submission.value;
  const { draft, change } = draftOfForm(value);
  if (value.intent === 'save' && !change) {
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
      return json({ result, draft, choices, change }, { status: 400 });
    }
  }
  let choices = await formChoices(api, { brandId, draft, voucherId });
  if (value.intent === 'select-all' && !change) {
    const all = { ...draft, order_ids: choices.orders.map((order) => order.id) };
    choices = await formChoices(api, { brandId, draft: all, voucherId });
    return json({ result: undefined, draft: all, choices, change });
  }
  if (value.intent === 'save') {
    // The vendor changed as the form was saved: nothing is saved until the change is confirmed or undone.
    const result = submission.reply({ formErrors: ['payment.vendorChanged'] });
    return json({ result, draft, choices, change }, { status: 400 });
  }
  return json({ result: undefined, draft, choices, change });
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
    .filter(([name]) => /^order_ids(\[\d+\])?$/.test(name))
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
    orders_from: /^\d{4}-\d{2}-\d{2}$/.test(text('orders_from')) ? text('orders_from') : '',
    orders_to: /^\d{4}-\d{2}-\d{2}$/.test(text('orders_to')) ? text('orders_to') : '',
  };
}
