import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { banks, sendPayments } from '../../db/schema';
import { alreadyTaken, notFound, validationFailed } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import type { Work } from '../../work/unit-of-work';
import type { BankBody, BankListQuery } from './schema';

type BankRow = typeof banks.$inferSelect;

export function serializeBank(bank: BankRow) {
  return {
    id: bank.id,
    name: bank.name,
    created_at: bank.createdAt.toISOString(),
    updated_at: bank.updatedAt.toISOString(),
  };
}

const SORTS = { name: banks.name, updated_at: banks.updatedAt, created_at: banks.createdAt };

function searchCondition(search: string | undefined): SQL | undefined {
  return search ? ilike(banks.name, containsPattern(search)) : undefined;
}

/** The bank list of /settings/bank: by name unless asked otherwise. */
export async function listBanks(db: Executor, query: BankListQuery) {
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'name')];
  const direction = query.order_by === 'desc' ? desc : asc;
  const where = searchCondition(query.search);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(banks)
      .where(where)
      .orderBy(direction(column), direction(banks.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(banks).where(where),
  ]);
  return {
    data: rows.map(serializeBank),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/** Options for the payment form's bank field. */
export async function bankOptions(db: Executor, query: { search?: string; page: number; per_page: number }) {
  const where = searchCondition(query.search);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: banks.id, name: banks.name })
      .from(banks)
      .where(where)
      .orderBy(asc(banks.name), asc(banks.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(banks).where(where),
  ]);
  return {
    data: rows,
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

export async function findBank(executor: Executor, id: number) {
  const [bank] = await executor.select().from(banks).where(eq(banks.id, id));
  if (!bank) throw notFound();
  return bank;
}

/**
 * Whether a bank of this id exists, for a voucher about to name it: held (key share) to the end of the
 * transaction, so a deletion of the bank waits and then sees the voucher.
 */
export async function lockBankForUse(executor: Executor, id: number) {
  const [bank] = await executor.select({ id: banks.id }).from(banks).where(eq(banks.id, id)).for('key share');
  return Boolean(bank);
}

/** Two banks of the same name (letter case aside) would be one choice shown twice in the payment form. */
async function refuseTakenName(executor: Executor, name: string, exceptId?: number) {
  const conditions = [sql`lower(${banks.name}) = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(banks.id, exceptId));
  const [taken] = await executor
    .select({ id: banks.id })
    .from(banks)
    .where(and(...conditions));
  if (taken) throw alreadyTaken('banks_name_unique');
}

export async function createBank(work: Work, body: BankBody) {
  await refuseTakenName(work.tx, body.name);
  const [bank] = await work.tx
    .insert(banks)
    .values({ name: body.name, createdAt: work.at, updatedAt: work.at })
    .returning();
  work.audit({ action: 'bank.store', entity: 'bank', entityId: bank.id, after: bank });
  return bank;
}

export async function updateBank(work: Work, id: number, body: BankBody) {
  const [before] = await work.tx.select().from(banks).where(eq(banks.id, id)).for('update');
  if (!before) throw notFound();
  await refuseTakenName(work.tx, body.name, id);
  const [after] = await work.tx
    .update(banks)
    .set({ name: body.name, updatedAt: work.at })
    .where(eq(banks.id, id))
    .returning();
  work.audit({ action: 'bank.update', entity: 'bank', entityId: id, before, after });
  return after;
}

/** A bank a voucher names stays: the voucher would lose where its money went. */
export async function deleteBank(work: Work, id: number) {
  const [before] = await work.tx.select().from(banks).where(eq(banks.id, id)).for('update');
  if (!before) throw notFound();
  const [used] = await work.tx
    .select({ id: sendPayments.id })
    .from(sendPayments)
    .where(eq(sendPayments.bankId, id))
    .limit(1);
  if (used) throw validationFailed({ bank: ['Bank masih dipakai oleh voucher pembayaran.'] });
  await work.tx.delete(banks).where(eq(banks.id, id));
  work.audit({ action: 'bank.destroy', entity: 'bank', entityId: id, before });
}
