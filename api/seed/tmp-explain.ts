import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemo } from './demo';

const handle = await openDatabase({ dataDir: 'memory://' });
await migrateDatabase(handle);
await seedDemo({ db: handle.db, now: new Date('2026-11-21T03:00:00Z'), orders: 4000 });
const now = sql`${'2026-11-21T03:00:00Z'}::timestamptz`;
const q = sql`
    with days as (
      select d::date as day, least((d + interval '1 day') at time zone 'Asia/Jakarta', ${now}) as day_end
      from generate_series(
        (${now} at time zone 'Asia/Jakarta')::date - 29,
        (${now} at time zone 'Asia/Jakarta')::date,
        interval '1 day'
      ) d
    ),
    ledger as (
      select vendor_id, product_id, balance_after, created_at,
        lead(created_at) over (partition by vendor_id, product_id order by created_at, id) as next_at
      from stock_movements
    )
    select count(*)
    from ledger
    join days on ledger.created_at < days.day_end and (ledger.next_at is null or ledger.next_at >= days.day_end)`;
let t = performance.now();
const r = await handle.db.execute(sql`explain analyze ${q}`);
console.log((r as any).rows.map((x: any) => x['QUERY PLAN']).join('\n'));
console.log(performance.now() - t);
t = performance.now();
await handle.db.execute(sql`create temp table snap as select * from stock_daily_snapshots`);
await handle.db.execute(sql`delete from stock_daily_snapshots`);
for (const step of ['', 'alter table stock_daily_snapshots drop constraint stock_daily_snapshots_vendor_id_vendors_id_fk', 'alter table stock_daily_snapshots drop constraint stock_daily_snapshots_product_id_products_id_fk', 'drop index stock_daily_snapshots_vendor_date_idx']) {
  if (step) await handle.db.execute(sql.raw(step));
  await handle.db.execute(sql`delete from stock_daily_snapshots`);
  t = performance.now();
  await handle.db.execute(sql`insert into stock_daily_snapshots select * from snap`);
  console.log('reinsert', step, performance.now() - t);
}
await handle.close();
