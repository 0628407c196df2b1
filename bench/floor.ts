/**
 * The floor of the order-list budget: a bare `node:http` + `pg` server answering what `GET /api/brand/{brand}/order`
 * answers for page 1 with the API's defaults (10 rows, newest first by order number, live orders of live invoices), with
 * the SQL the API sends, as named prepared statements, and the total from the status totals, in the same JSON shape.
 * No framework, no validation, no token check: what the page costs when nothing but the query and the JSON is done.
 * bench/orders.ts starts it on FLOOR_PORT (3690) and measures it in the same run as the API.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench FLOOR_PORT=3690 npx tsx bench/floor.ts
 */
import { createServer } from 'node:http';
import pg from 'pg';
import {
  canChangeVendor,
  canReplaceProduct,
  DEAD_STATUSES,
  orderStatusLabel,
} from '../api/domains/order/statuses';
import type { OrderStatusCode } from '../api/db/schema';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench/floor.ts needs DATABASE_URL');
const port = Number(process.env.FLOOR_PORT ?? 3690);
const perPage = 10;

// The pool the API opens (api/db/client.ts): same size and session settings.
const pool = new pg.Pool({
  connectionString: url,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  options: '-c random_page_cost=1.1 -c jit=off',
});

/** The API's page-1 statement for `GET /api/brand/{brand}/order` without filters (drizzle's text, verbatim). */
const PAGE = `select "orders"."id", "orders"."number", "orders"."brand_id", "orders"."vendor_id", "orders"."invoice_id", "orders"."channel_id", "orders"."status_code", "orders"."date", "orders"."grand_total", "orders"."grand_total_return", "orders"."total_weight", "orders"."delivery_type", "orders"."receiver_name", "orders"."shipping_number", "orders"."ref_order_id", "orders"."ref_order_number", "orders"."ready_to_deliver_at", "orders"."on_delivery_at", "orders"."delivered_at", "orders"."completed_at", "orders"."canceled_at", "orders"."diverted_at", "orders"."created_at", "orders"."updated_at", "orders"."deleted_at", exists (select 1 from "send_payment_orders" where "send_payment_orders"."order_id" = "orders"."id"), "invoices"."external_number", "invoices"."preorder_deadline", "invoices"."preorder_process_day", "invoices"."preorder_process_start", (select "vendors"."name" from "vendors" where "vendors"."id" = "orders"."vendor_id"), (select "channels"."name" from "channels" where "channels"."id" = "orders"."channel_id"), null from "orders" inner join "invoices" on "invoices"."id" = "orders"."invoice_id" where ("orders"."brand_id" in ($1) and "orders"."deleted_at" is null and "orders"."status_code" not in ($2, $3) and "invoices"."status_code" <> $4) order by "orders"."number" desc, "orders"."id" desc limit $5`;

/** The API's total for the same list: Σ order_count of the brand's live statuses in order_status_totals. */
const TOTAL = `select coalesce(sum("order_count"), 0) from "order_status_totals" where ("order_status_totals"."brand_id" in ($1) and "order_status_totals"."status_code" not in ($2, $3))`;

function iso(value: Date | null) {
  return value ? value.toISOString() : null;
}

type Row = unknown[];

/** One row as the API's serializer writes it for an administrator (serializeOrderRow). */
function serialize(row: Row) {
  const status = row[6] as OrderStatusCode;
  const paid = row[25] as boolean;
  return {
    id: row[0],
    number: row[1],
    brand_id: row[2],
    vendor_id: row[3],
    invoice_id: row[4],
    channel_id: row[5],
    status: orderStatusLabel('brand', status, paid),
    status_code: status,
    is_paid: paid,
    date: (row[7] as Date).toISOString(),
    created_at: (row[22] as Date).toISOString(),
    updated_at: (row[23] as Date).toISOString(),
    ready_to_deliver_at: iso(row[16] as Date | null),
    on_delivery_at: iso(row[17] as Date | null),
    delivered_at: iso(row[18] as Date | null),
    completed_at: iso(row[19] as Date | null),
    canceled_at: iso(row[20] as Date | null),
    diverted_at: iso(row[21] as Date | null),
    deleted_at: iso(row[24] as Date | null),
    grand_total: Number(row[8]),
    grand_total_return: Number(row[9]),
    total_weight: row[10],
    delivery_type: row[11],
    receiver_name: row[12],
    shipping_number: row[13],
    ref_order_id: row[14],
    ref_order_number: row[15],
    can_change_vendor: canChangeVendor(status, paid),
    can_replace_product: canReplaceProduct(status, paid),
    invoice_external_number: row[26],
    vendor_name: row[30],
    channel_name: row[31],
    invoice_preorder_deadline: iso(row[27] as Date | null),
    invoice_preorder_process_day: row[28],
    invoice_preorder_process_start: iso(row[29] as Date | null),
  };
}

const ROUTE = /^\/api\/brand\/(\d+)\/order(?:\?|$)/;

createServer((request, response) => {
  const brandId = Number(ROUTE.exec(request.url ?? '')?.[1]);
  if (!brandId) {
    response.writeHead(404).end();
    return;
  }
  Promise.all([
    pool.query<Row>({
      name: 'floor_order_page',
      text: PAGE,
      values: [brandId, ...DEAD_STATUSES, 'canceled', perPage],
      rowMode: 'array',
    }),
    pool.query<Row>({
      name: 'floor_order_total',
      text: TOTAL,
      values: [brandId, ...DEAD_STATUSES],
      rowMode: 'array',
    }),
  ]).then(
    ([page, totals]) => {
      const total = Number(totals.rows[0][0]);
      const count = page.rows.length;
      const body = JSON.stringify({
        data: page.rows.map(serialize),
        meta: {
          current_page: 1,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          per_page: perPage,
          total,
          from: count ? 1 : null,
          to: count ? count : null,
        },
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    },
    (error: Error) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
    },
  );
}).listen(port, '127.0.0.1', () => console.info(`floor listening on http://127.0.0.1:${port}`));
