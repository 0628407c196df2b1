import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { sendPayments } from '../../db/schema';
import { requireBrand, type VoucherScope } from './access';
import type { HistoryQuery } from './schema';

function historyConditions(scope: VoucherScope, query: HistoryQuery): SQL[] {
  if (query.brand !== undefined) requireBrand(scope, query.brand);
  const conditions: SQL[] = [eq(sendPayments.vendorId, query.vendor), isNull(sendPayments.deletedAt)];
  if (query.brand !== undefined) conditions.push(eq(sendPayments.brandId, query.brand));
  else if (scope.brandIds !== 'all') {
    conditions.push(inArray(sendPayments.brandId, scope.brandIds.length ? [...scope.brandIds] : [0]));
  }
  return conditions;
}

const HISTORY_LIMIT = 20;

/** Account numbers the vendor's earlier vouchers paid to, most recently used first. */
export async function accountNumberHistory(executor: Executor, scope: VoucherScope, query: HistoryQuery) {
  const conditions = historyConditions(scope, query);
  if (query.search) conditions.push(ilike(sendPayments.accountNumber, containsPattern(query.search)));
  const rows = await executor
    .select({ value: sendPayments.accountNumber })
    .from(sendPayments)
    .where(and(...conditions, sql`${sendPayments.accountNumber} is not null`))
    .groupBy(sendPayments.accountNumber)
    .orderBy(desc(sql`max(${sendPayments.createdAt})`))
    .limit(HISTORY_LIMIT);
  return { data: rows.map((row) => ({ account_number: row.value as string })) };
}

/** Holder names the vendor's earlier vouchers paid to (for the account number, when given), most recent first. */
export async function accountNameHistory(executor: Executor, scope: VoucherScope, query: HistoryQuery) {
  const conditions = historyConditions(scope, query);
  if (query['account-number']) conditions.push(eq(sendPayments.accountNumber, query['account-number']));
  if (query.search) conditions.push(ilike(sendPayments.accountHolderName, containsPattern(query.search)));
  const rows = await executor
    .select({ value: sendPayments.accountHolderName })
    .from(sendPayments)
    .where(and(...conditions, sql`${sendPayments.accountHolderName} is not null`))
    .groupBy(sendPayments.accountHolderName)
    .orderBy(desc(sql`max(${sendPayments.createdAt})`))
    .limit(HISTORY_LIMIT);
  return { data: rows.map((row) => ({ account_holder_name: row.value as string })) };
}
