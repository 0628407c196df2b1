/** A unique index refused a row: PostgreSQL's 23505, as pg and PGlite report it through drizzle. */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/**
 * The field and message of each unique index a person's input can run into. The services check these before
 * they write; two requests racing past the check at once meet the index, and the loser is answered as the check
 * would have answered it.
 */
export const UNIQUE_FIELDS = {
  products_brand_sku_unique: { field: 'sku', message: 'The sku has already been taken.' },
  users_email_unique: { field: 'email', message: 'The email has already been taken.' },
  roles_scope_name_unique: { field: 'name', message: 'The name has already been taken.' },
  banks_name_unique: { field: 'name', message: 'The name has already been taken.' },
  gate_settings_role_unique: { field: 'role_id', message: 'The role id has already been taken.' },
  send_payments_brand_number_unique: { field: 'number', message: 'The number has already been taken.' },
  send_payment_orders_order_unique: {
    field: 'order_ids',
    message: 'Pesanan sudah dibayar dengan voucher lain.',
  },
} as const satisfies Record<string, { field: string; message: string }>;

export type UniqueIndex = keyof typeof UNIQUE_FIELDS;
