import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { replyWithUpstreamError, sentRowsKey } from '../forms.server';
import { promotionFormSchema, type PromotionForm } from '../schemas/promotion';
import type { PromotionBody } from '../upstream/promotions.server';

const FIELDS = ['name', 'type', 'value', 'channel', 'start_date', 'end_date', 'products'];

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

/** The form's action: checked here, then `save` sends it; a refusal comes back on the form's fields. */
export async function promotionAction(formData: FormData, save: (body: PromotionBody) => Promise<Response>) {
  const submission = parseWithZod(formData, { schema: promotionFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const rows = submission.value.products.flatMap((row, index) => (row.selected ? [index] : []));
  try {
    return await save(bodyOf(submission.value, rows));
  } catch (error) {
    return json(
      { result: replyWithUpstreamError(submission, error, FIELDS, { formKeyOf: formKeyOf(rows) }) },
      { status: 400 },
    );
  }
}
