import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatVoucherDay } from '~/lib/format';
import { voucherActions } from '~/lib/payment-access.server';
import { draftOfForm } from '~/lib/payment-form.server';
import { voucherFormSchema } from '~/lib/schemas/payment';

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

  it('reads the ticked order checkboxes as a list, one or many, and refuses an order posted twice', () => {
    const one = submit({ intent: 'filter-orders', order_ids: '7' });
    expect(one.status === 'success' && one.value.order_ids).toEqual([7]);
    const two = submit({ intent: 'filter-orders', order_ids: ['7', '9'] });
    expect(two.status === 'success' && two.value.order_ids).toEqual([7, 9]);
    const twice = errorsOf({
      intent: 'save',
      number: 'PV/1',
      vendor_id: '1',
      date: '2026-11-20',
      bank_id: '1',
      account_number: '123',
      account_holder_name: 'CV Satu',
      order_ids: ['7', '7'],
    });
    expect(twice).toEqual({ order_ids: ['payment.orderTwice'] });
    expect(errorsOf({ intent: 'filter-orders', order_ids: 'x' })).toEqual({
      'order_ids[0]': ['payment.ordersRequired'],
    });
  });

  it('lets the steps through without the fields only saving needs, and checks what each step needs', () => {
    expect(submit({ intent: 'choose-vendor', vendor_id: '3' }).status).toBe('success');
    expect(errorsOf({ intent: 'choose-vendor' })).toEqual({ vendor_id: ['payment.vendorRequired'] });
    expect(errorsOf({ intent: 'confirm-vendor', vendor_id: '3' })).toEqual({
      vendor_id: ['payment.vendorRequired'],
    });
    expect(errorsOf({ intent: 'filter-orders', orders_from: '2026-11-20', orders_to: '2026-11-19' })).toEqual(
      {
        orders_to: ['payment.rangeBackwards'],
      },
    );
    expect(submit({ intent: 'select-all', order_ids: '42' }).status).toBe('success');
    expect(errorsOf({ intent: 'drop-table' })).toHaveProperty('intent');
  });

  it('asks before a vendor change drops ticked orders, and drops them (with the account) once confirmed', () => {
    const parsed = (fields: Record<string, string | string[]>) => {
      const submission = submit(fields);
      if (submission.status !== 'success') throw new Error('the form did not parse');
      return draftOfForm(submission.value);
    };
    const ticked = { previous_vendor_id: '1', order_ids: ['7', '9'], account_number: '123' };
    const asked = parsed({ intent: 'choose-vendor', vendor_id: '2', ...ticked });
    expect(asked.change).toEqual({ vendor_id: 2, count: 2 });
    expect(asked.draft).toMatchObject({ vendor_id: 1, order_ids: [7, 9], account_number: '123' });

    const saved = parsed({
      intent: 'save',
      number: 'PV/1',
      vendor_id: '2',
      date: '2026-11-20',
      bank_id: '1',
      account_holder_name: 'CV Satu',
      ...ticked,
    });
    expect(saved.change).toEqual({ vendor_id: 2, count: 2 });

    const confirmed = parsed({ intent: 'confirm-vendor', vendor_id: '1', vendor_change_to: '2', ...ticked });
    expect(confirmed.change).toBeNull();
    expect(confirmed.draft).toMatchObject({ vendor_id: 2, order_ids: [], account_number: '' });

    const kept = parsed({ intent: 'keep-vendor', vendor_id: '2', ...ticked });
    expect(kept.draft).toMatchObject({ vendor_id: 1, order_ids: [7, 9], account_number: '123' });

    // Nothing ticked: nothing to lose, so the change is made at once (the account still goes).
    const free = parsed({
      intent: 'choose-vendor',
      vendor_id: '2',
      previous_vendor_id: '1',
      account_number: '1',
    });
    expect(free.change).toBeNull();
    expect(free.draft).toMatchObject({ vendor_id: 2, account_number: '' });

    expect(parsed({ intent: 'clear-orders', vendor_id: '1', ...ticked }).draft.order_ids).toEqual([]);
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
