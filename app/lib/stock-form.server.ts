import { parseWithZod } from '@conform-to/zod';
import { json, type AppLoadContext } from '@remix-run/node';
import { isPlatformStaff, userCan, type OperationName } from './access';
import { requirePermission } from './access.server';
import { requireCsrf } from './csrf.server';
import { formKeyOf, newFormKey } from './form-key.server';
import { isRefusal, readForm, refusalMessage, replyWithUpstreamError } from './forms.server';
import { imageErrorKey } from './schemas/image';
import { MAX_PHOTOS, productSchema, vendorStockSchema } from './schemas/stock';
import { requireScope } from './scope.server';
import { redirectWithToast } from './toast.server';
import { mediaApi } from './upstream/media.server';
import { optionsApi } from './upstream/options.server';
import { stockApi, type SkuChannel } from './upstream/stock.server';

type CategoryNode = { id: number; name: string; children?: CategoryNode[] };

/** The category tree as a select's options, each child after its parent with its depth. */
export function flattenCategories(
  nodes: CategoryNode[],
  depth = 0,
): { id: number; name: string; depth: number }[] {
  return nodes.flatMap((node) => [
    { id: node.id, name: node.name, depth },
    ...flattenCategories(node.children ?? [], depth + 1),
  ]);
}

/** The stock form's page: brand side only (vendors keep stock on the management screen). */
export async function stockFormData(request: Request, context: AppLoadContext, id: number | null) {
  const { user, api, scope } = await requireScope(request, context, 'stock.list');
  if (scope.kind !== 'brand') throw new Response('Not Found', { status: 404 });
  const can = {
    seePrice: isPlatformStaff(user.role_id),
    save: userCan(user, id ? 'stock.product.update' : 'stock.product.create'),
    remove: userCan(user, 'stock.product.delete'),
    setVendorStock: userCan(user, 'stock.update'),
  };
  const [product, categories, channels, vendors] = await Promise.all([
    id ? stockApi.show(api, { scope, id }) : Promise.resolve(null),
    stockApi.categories(api, { brandId: scope.id }),
    stockApi.skuChannels(api, { brandId: scope.id, query: { per_page: 1000, unlinked: '1' } }),
    optionsApi.vendors(api, { brandId: scope.id }),
  ]);
  const linked: SkuChannel[] = product?.sku_channels ?? [];
  const modal = new URL(request.url).searchParams.get('modal');
  return {
    product,
    can,
    categories: flattenCategories(categories),
    channelOptions: [...linked, ...channels.data.filter((row) => !linked.some((own) => own.id === row.id))],
    vendors,
    modal:
      product && ((modal === 'vendor-stock' && can.setVendorStock) || (modal === 'delete' && can.remove))
        ? modal
        : null,
    formKey: newFormKey(),
  };
}

/** What a stock form's button asks the upstream to do. */
function operationOf(intent: FormDataEntryValue | null, id: number | null): OperationName {
  if (intent === 'delete') return 'stock.product.delete';
  if (intent === 'vendor-stock') return 'stock.update';
  return id ? 'stock.product.update' : 'stock.product.create';
}

/** Save (create or update), the vendor-stock modal, and delete, each by whoever the policy lets do it. */
export async function stockFormAction(request: Request, context: AppLoadContext, id: number | null) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api, scope } = await requireScope(request, context);
  if (scope.kind !== 'brand') throw new Response('Not Found', { status: 404 });
  const intent = formData.get('intent');
  requirePermission(user, operationOf(intent, id));
  const here = id ? `/stock/${id}` : '/stock/create';
  if (intent === 'delete' && id) {
    try {
      await stockApi.remove(api, { brandId: scope.id, id });
      return redirectWithToast('/stock', { type: 'success', message: 'stock.deleted' });
    } catch (error) {
      const message = isRefusal(error) ? refusalMessage(error) : 'stock.saveFailed';
      return redirectWithToast(here, { type: 'error', message });
    }
  }
  if (intent === 'vendor-stock' && id) {
    const submission = parseWithZod(formData, { schema: vendorStockSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
    try {
      await stockApi.setVendorStock(api, {
        brandId: scope.id,
        id,
        productStocks: [{ vendor_id: submission.value.vendor_id, quantity: submission.value.quantity }],
      });
      return redirectWithToast(here, { type: 'success', message: 'toast.saved' });
    } catch (error) {
      const reply = replyWithUpstreamError(submission, error, ['vendor_id', 'quantity'], {
        formKeyOf: (key) => key.replace(/^product_stocks\.\d+\./, ''),
      });
      return json({ intent, result: reply }, { status: 400 });
    }
  }
  const submission = parseWithZod(formData, { schema: productSchema });
  if (submission.status !== 'success')
    return json({ intent: 'save', result: submission.reply() }, { status: 400 });
  const photos = formData
    .getAll('photos')
    .filter((file): file is File => file instanceof File && file.size > 0);
  const { value } = submission;
  if (value.keep_photo_ids.length + photos.length > MAX_PHOTOS) {
    return json(
      { intent: 'save', result: submission.reply({ fieldErrors: { photos: ['stock.tooManyPhotos'] } }) },
      { status: 400 },
    );
  }
  try {
    const uploaded = [];
    for (const file of photos) uploaded.push((await mediaApi.upload(api, { file })).id);
    const body = {
      name: value.name,
      sku: value.sku,
      category_id: value.category_id,
      vendor_price: value.vendor_price,
      photo_ids: [...value.keep_photo_ids, ...uploaded],
      sku_channel_ids: value.sku_channel_ids,
    };
    if (id) await stockApi.update(api, { brandId: scope.id, id, body });
    else await stockApi.create(api, { brandId: scope.id, body, formKey: formKeyOf(formData) });
    return redirectWithToast('/stock', { type: 'success', message: id ? 'toast.saved' : 'toast.created' });
  } catch (error) {
    const reply = replyWithUpstreamError(
      submission,
      error,
      ['name', 'sku', 'category_id', 'vendor_price', 'photos', 'sku_channel_ids'],
      {
        formKeyOf: (key) => imageErrorKey('photos')(key).replace(/^sku_channel_ids\.\d+$/, 'sku_channel_ids'),
      },
    );
    return json({ intent: 'save', result: reply }, { status: 400 });
  }
}
