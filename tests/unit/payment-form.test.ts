import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatVoucherDay } from '~/lib/format';
import { voucherActions } from '~/lib/payment-access.server';
import { removedOrderOf, voucherFormSchema } from '~/lib/schemas/payment';

function submit(fields: Record<string, string | string[]>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
  }
  return parseWithZod(formData, { schema: voucherFormSchema });
}

function errorsOf(fields: Record<string, string | string[]>) {
  const submission = submit(fields);
  return submission.status === 'error' ? submission.error : {};
}

describe('the payment form schema', () => {
  it("asks on save for what the spec requires, in the spec's words", () => {
    expect(errorsOf({ intent: 'save' })).toMatchObject({
      number: ['payment.numberRequired'],
      vendor_id: ['payment.vendorRequired'],
      date: ['payment.dateRequired'],
      bank_id: ['payment.bankRequired'],
      account_number: ['payment.accountNumberRequired'],
      account_holder_name: ['payment.accountNameRequired'],
      order_ids: ['payment.ordersRequired'],
    });
  });

  it('refuses an order added twice, whether added again or posted twice', () => {
    const chosen = { 'order_ids[0]': '7', 'order_ids[1]': '9' };
    expect(errorsOf({ intent: 'add-order', ...chosen, add_order_id: '9' })).toEqual({
      add_order_id: ['payment.orderTwice'],
    });
    expect(errorsOf({ intent: 'add-order', ...chosen })).toEqual({ add_order_id: ['payment.orderRequired'] });
    expect(submit({ intent: 'add-order', ...chosen, add_order_id: '11' }).status).toBe('success');
    const twice = errorsOf({
      intent: 'save',
      number: 'PV/1',
      vendor_id: '1',
      date: '2026-11-20',
      bank_id: '1',
      account_number: '123',
      account_holder_name: 'CV Satu',
      'order_ids[0]': '7',
      'order_ids[1]': '7',
    });
    expect(twice).toEqual({ order_ids: ['payment.orderTwice'] });
  });

  it('lets the steps through without the fields only saving needs, and names the order a remove button drops', () => {
    expect(submit({ intent: 'choose-vendor', vendor_id: '3' }).status).toBe('success');
    expect(errorsOf({ intent: 'choose-vendor' })).toEqual({ vendor_id: ['payment.vendorRequired'] });
    expect(submit({ intent: 'remove-order-42', 'order_ids[0]': '42' }).status).toBe('success');
    expect(removedOrderOf('remove-order-42')).toBe(42);
    expect(removedOrderOf('save')).toBeNull();
    expect(errorsOf({ intent: 'drop-table' })).toHaveProperty('intent');
  });

  it('keeps the due date on or after the voucher date', () => {
    const errors = errorsOf({
      intent: 'save',
      number: 'PV/1',
      vendor_id: '1',
      date: '2026-11-20',
      due_date: '2026-11-19',
      bank_id: '1',
      account_number: '123',
      account_holder_name: 'CV Satu',
      'order_ids[0]': '7',
    });
    expect(errors).toEqual({ due_date: ['payment.dueBeforeDate'] });
  });
});

describe('the voucher formats', () => {
  it('prints days as DD-MM-YYYY and money with Rp.', () => {
    expect(formatVoucherDay('2026-11-05')).toBe('05-11-2026');
    expect(formatVoucherDay(null)).toBe('–');
    expect(formatDay('2026-11-05')).toBe('5 November 2026');
    expect(formatDay('not a day')).toBe('–');
    expect(formatMoney(1_234_567, 'Rp.')).toBe('Rp.1.234.567');
  });
});

describe('what the voucher list offers', () => {
  const user = (role_id: number, permissions: string[]) =>
    ({ role_id, permissions, is_special_account: false }) as Parameters<typeof voucherActions>[0];

  it('shows View and Delete as the permissions say: everything to administrators, a key account its grants', () => {
    expect(voucherActions(user(1, []))).toEqual({ create: true, update: true, destroy: true });
    expect(voucherActions(user(4, ['send-payment.index', 'send-payment.update']))).toEqual({
      create: false,
      update: true,
      destroy: false,
    });
    expect(voucherActions(user(4, ['any']))).toEqual({ create: true, update: true, destroy: true });
  });
});
