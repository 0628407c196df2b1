import { randomUUID } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type AppLoadContext } from '@remix-run/node';
import { userCan } from '../access';
import { replyWithUpstreamError } from '../forms.server';
import { requireScope } from '../scope.server';
import { listingFormSchema, listingRowActionSchema } from '../schemas/listing';
import { UpstreamError, type Upstream } from '../upstream/client.server';
import { listingApi, type ListingBody } from '../upstream/listings.server';
import { mediaApi } from '../upstream/media.server';
import type { ListingDraft } from './draft';
import { applyStep, readDraft, settle, settledCategories, type ListingChoices } from './form-state.server';
import { bodyOf, FORM_FIELDS, formKeyOfUpstream } from './upstream-body.server';

/** The product pages are the brand side's: the brand the user works in; a vendor has none. */
export async function requireListingBrand(request: Request, context: AppLoadContext) {
  const { user, api, scope } = await requireScope(request, context, 'listing.list');
  if (scope.kind !== 'brand') throw new Response('Not Found', { status: 404 });
  const can = {
    create: userCan(user, 'listing.create'),
    update: userCan(user, 'listing.update'),
    remove: userCan(user, 'listing.delete'),
  };
  return { user, api, brandId: scope.id, can, canEdit: can.update };
}

/**
 * A row's delete or active switch on the product list, read here so the list page's own bundle carries no zod
 * (docs/decisions/060); a form no page sends is a 400.
 */
export function readListingRowAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: listingRowActionSchema });
  if (submission.status !== 'success') throw new Response('Bad Request', { status: 400 });
  return submission.value;
}

/** A lookup that fails leaves its choice empty: lookup failures are ignored. */
async function quietly<T>(call: Promise<T>, fallback: T) {
  try {
    return await call;
  } catch (error) {
    if (error instanceof UpstreamError) return fallback;
    throw error;
  }
}

/** The categories, the showcases and the variant types of the draft's last-level category. */
export async function formChoices(
  api: Upstream,
  brandId: number,
  draft: ListingDraft,
): Promise<ListingChoices> {
  const [categories, showcases] = await Promise.all([
    quietly(listingApi.categories(api, { brandId }), []),
    quietly(listingApi.showcases(api, { brandId }), {
      etalase: [],
      shop: { is_official: false, picture_limit: 5 },
    }),
  ]);
  const leaf = settledCategories(draft.categories, categories)[2];
  const variantTypes = leaf ? await quietly(listingApi.variants(api, { brandId, categoryId: leaf }), []) : [];
  return { categories, showcases, variantTypes };
}

/** Whether the form posted the category and combinations its choices lead to. */
function sameChoices(typed: ListingDraft, settled: ListingDraft) {
  const keys = (draft: ListingDraft) => draft.combinations.map((row) => row.key).join(',');
  return typed.categories[2] === settled.categories[2] && keys(typed) === keys(settled);
}

/** Uploads the pictures chosen in the form; the form then carries their addresses like the earlier ones. */
async function withUploadedPictures(api: Upstream, formData: FormData) {
  const files = formData
    .getAll('new_pictures')
    .filter((file): file is File => file instanceof File && file.size > 0);
  const next = new FormData();
  let pictures = 0;
  for (const [name, entry] of formData.entries()) {
    if (name === 'new_pictures') continue;
    if (/^pictures\[\d+\]$/.test(name)) {
      if (typeof entry === 'string' && entry) next.append(`pictures[${pictures++}]`, entry);
    } else next.append(name, entry);
  }
  const errors: string[] = [];
  for (const file of files.slice(0, 20)) {
    try {
      const uploaded = await mediaApi.upload(api, { file });
      next.append(`pictures[${pictures++}]`, uploaded.url);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status >= 500) throw error;
      errors.push(error.fieldErrors.file?.[0] ?? error.message);
    }
  }
  return { formData: next, uploadErrors: errors };
}

/**
 * The listing form's action, create and edit alike: pictures chosen are uploaded first (so a step keeps them);
 * a step answers the draft it leads to, with its choices; Save checks the form, then calls `save` and answers
 * its redirect, or shows the channel's refusal on the fields it names.
 */
export async function listingAction(
  api: Upstream,
  posted: FormData,
  options: {
    brandId: number;
    creating: boolean;
    save: (body: ListingBody) => Promise<Response>;
  },
) {
  const { formData, uploadErrors } = await withUploadedPictures(api, posted);
  const intent = String(formData.get('intent') ?? 'save').slice(0, 40);
  const typed = readDraft(formData);
  const choices = await formChoices(api, options.brandId, typed);
  const draft = settle(applyStep(typed, intent), choices);
  // Each answer is a new form (keyed by `step`) with the draft as its defaults.
  const answer = (
    extra: { result?: SubmissionResult<string[]>; review?: boolean },
    init?: { status: number },
  ) => json({ ...extra, draft, choices, step: randomUUID() }, init);
  if (intent !== 'save') return answer({});
  // Saved with a category or variant values changed but not applied (no JavaScript): show what they lead to.
  if (!sameChoices(typed, draft)) return answer({ review: true }, { status: 400 });
  const schema = listingFormSchema({
    creating: options.creating,
    pictureLimit: choices.showcases.shop.picture_limit,
  });
  const submission = parseWithZod(formData, { schema });
  if (uploadErrors.length) {
    return answer({ result: submission.reply({ fieldErrors: { pictures: uploadErrors } }) }, { status: 400 });
  }
  if (submission.status !== 'success') return answer({ result: submission.reply() }, { status: 400 });
  try {
    return await options.save(bodyOf(submission.value, draft, choices, options.creating));
  } catch (error) {
    // The channel failing (a 502 of the upstream) is the form's message; a refusal goes on its fields.
    if (error instanceof UpstreamError && error.status > 500) {
      return answer({ result: submission.reply({ formErrors: [error.message] }) }, { status: 400 });
    }
    const result = replyWithUpstreamError(submission, error, FORM_FIELDS, { formKeyOf: formKeyOfUpstream });
    return answer({ result }, { status: 400 });
  }
}
