import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import type { z } from 'zod';
import { replyWithUpstreamError, sentRowsKey } from '../forms.server';
import {
  promotionFormSchema,
  promotionPickSchema,
  type PromotionForm,
  type PromotionPickIntent,
} from '../schemas/promotion';
import type { Upstream } from '../upstream/client.server';
import { promotionApi, type PromotionBody } from '../upstream/promotions.server';
import type { ProductRow, PromotionDraft } from './rows';

const FIELDS = ['name', 'type', 'value', 'channel', 'start_date', 'end_date', 'products'];

/** The form as the picker reads it back, whichever button sent it. */
const promotionDraftSchema = promotionPickSchema.omit({ intent: true });

type Sent = z.infer<typeof promotionDraftSchema>;

/** The body the API takes: the ticked rows only, the window as Jakarta `YYYY-MM-DD HH:mm`. */
function bodyOf(form: PromotionForm, rows: number[]): PromotionBody {
  return {
    name: form.name,
    type: form.type,
    value: form.value,
    channel: form.channel,
    start_at: `${form.start_date} ${form.start_time}`,
    end_at: `${form.end_date} ${form.end_time}`,
    products: rows.map((index) => {
      const row = form.products[index];
      return { product_id: row.product_id, promo_stock: row.promo_stock, purchase_limit: row.purchase_limit };
    }),
  };
}

/** The API's key for a field of the form's: its window fields, and its rows counted as the form counts them. */
function formKeyOf(rows: number[]) {
  const rowKey = sentRowsKey('products', rows);
  return (key: string) => {
    if (key === 'start_at') return 'start_date';
    if (key === 'end_at') return 'end_date';
    return rowKey(key);
  };
}

export type PickContext = {
  api: Upstream;
  brandId: number;
  /** Rows the catalogue may no longer offer (a promotion's own products): read only when a step needs names. */
  known?: () => Promise<ProductRow[]>;
};

/** The rows sent, in the order sent, with their products' names and prices; `tick` says which are ticked. */
async function sentRows(context: PickContext, sent: Sent, tick: (row: Sent['products'][number]) => boolean) {
  const ids = sent.products.map((row) => row.product_id);
  const found = ids.length ? await promotionApi.products(context.api, { brandId: context.brandId, ids }) : [];
  const byId = new Map<number, Omit<ProductRow, 'chosen' | 'promo_stock' | 'purchase_limit'>>(
    (context.known ? await context.known() : []).map((row) => [row.id, row]),
  );
  for (const option of found) byId.set(option.id, option);
  return sent.products.map((row): ProductRow => {
    const product = byId.get(row.product_id) ?? {
      id: row.product_id,
      name: `#${row.product_id}`,
      sku: '',
      price: 0,
      available_stock: 0,
    };
    return {
      ...product,
      chosen: tick(row),
      promo_stock: row.promo_stock ?? '0',
      purchase_limit: row.purchase_limit ?? '0',
    };
  });
}

/** The form as it was sent, its rows as `rows`. */
function draftOf(sent: Sent, rows: ProductRow[], search: string): PromotionDraft {
  return {
    values: {
      name: sent.name ?? '',
      type: sent.type ?? '',
      value: sent.value ?? '',
      channel: sent.channel ?? '',
      start_date: sent.start_date ?? '',
      start_time: sent.start_time ?? '',
      end_date: sent.end_date ?? '',
      end_time: sent.end_time ?? '',
    },
    rows,
    search,
    step: crypto.randomUUID(),
  };
}

/**
 * One of the picker's steps: a product search keeps the ticked rows and adds what it finds; select-all ticks
 * every row shown; clearing unticks them. Everything typed stays.
 */
async function pickStep(context: PickContext, sent: Sent & { intent: PromotionPickIntent }) {
  const search = (sent.q ?? '').replace(/\0/g, '').trim();
  if (sent.intent === 'search-products') {
    const ticked = (await sentRows(context, sent, (row) => row.selected === 'on')).filter(
      (row) => row.chosen,
    );
    const taken = new Set(ticked.map((row) => row.id));
    const found = await promotionApi.products(context.api, {
      brandId: context.brandId,
      search: search || undefined,
    });
    const more = found
      .filter((option) => !taken.has(option.id))
      .map((option) => ({ ...option, chosen: false, promo_stock: '0', purchase_limit: '0' }));
    return draftOf(sent, [...ticked, ...more], search);
  }
  const all = sent.intent === 'select-all';
  return draftOf(sent, await sentRows(context, sent, () => all), search);
}

/**
 * The form's action: a picker step answers the form again; a save is checked here, then `save` sends it, and a
 * refusal comes back on the form's fields with the rows as they were sent.
 */
export async function promotionAction(
  formData: FormData,
  context: PickContext,
  save: (body: PromotionBody) => Promise<Response>,
) {
  const pick = parseWithZod(formData, { schema: promotionPickSchema });
  if (pick.status === 'success') return json({ draft: await pickStep(context, pick.value) });
  const sent = parseWithZod(formData, { schema: promotionDraftSchema });
  const sentValue = sent.status === 'success' ? sent.value : { products: [] };
  const refusedDraft = async () =>
    draftOf(sentValue, await sentRows(context, sentValue, (row) => row.selected === 'on'), sentValue.q ?? '');
  const submission = parseWithZod(formData, { schema: promotionFormSchema });
  if (submission.status !== 'success')
    return json({ result: submission.reply(), draft: await refusedDraft() }, { status: 400 });
  const rows = submission.value.products.flatMap((row, index) => (row.selected ? [index] : []));
  try {
    return await save(bodyOf(submission.value, rows));
  } catch (error) {
    return json(
      {
        result: replyWithUpstreamError(submission, error, FIELDS, { formKeyOf: formKeyOf(rows) }),
        draft: await refusedDraft(),
      },
      { status: 400 },
    );
  }
}
