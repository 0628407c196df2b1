import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from '@remix-run/react';
import { useLookup } from '~/lib/use-lookup';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormError } from '~/components/field';
import type { ListingDraft } from '~/lib/listing/draft';
import { listingFormSchema } from '~/lib/schemas/listing';
import type { CategoryNode, Showcases, VariantType } from '~/lib/upstream/listings.server';
import { CategoryFields } from './category-fields';
import { Labelled } from '~/components/field';
import { ariaOf, fieldOf, idsOf, Section } from './fields';
import { PictureFields } from './picture-fields';
import { VariantFields, type VariantState } from './variant-fields';
import { WholesaleFields } from './wholesale-fields';

export type ListingChoices = {
  categories: CategoryNode[];
  showcases: Showcases;
  variantTypes: VariantType[];
};

type Props = {
  draft: ListingDraft;
  choices: ListingChoices;
  lastResult?: SubmissionResult<string[]>;
  creating: boolean;
  canEdit: boolean;
  nameLocked: boolean;
  review?: boolean;
  hidden?: ReactNode;
  submitLabel: string;
};

/** The variant types of a category chosen in place (with JavaScript), from the form's resource route. */
function useVariantTypes(leaf: number | null, loadedFor: number | null, loaded: VariantType[]) {
  const lookup = useLookup<{ variantTypes: VariantType[] }>();
  const load = (categoryId: number | null) => {
    if (categoryId !== null && categoryId !== loadedFor)
      lookup.load(`/product/variants?cat_id=${categoryId}`);
  };
  const types = leaf === loadedFor ? loaded : leaf === null ? [] : (lookup.data?.variantTypes ?? []);
  return { types, load };
}

/**
 * The marketplace product form, create and edit alike. Without JavaScript the category levels,
 * the variant types and the lists are steps (submit buttons with an intent that bring the form back with what
 * was typed); with it they change in place. Only administrators and key accounts get the save bar.
 */
export function ListingForm({
  draft,
  choices,
  lastResult,
  creating,
  canEdit,
  nameLocked,
  review,
  hidden,
  submitLabel,
}: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const limit = choices.showcases.shop.picture_limit;
  const schema = listingFormSchema({ creating, pictureLimit: limit });
  const [form] = useForm({
    id: 'listing',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const errors = (name: string) => form.allErrors[name];
  const [categories, setCategories] = useState(draft.categories);
  const [pictures, setPictures] = useState(draft.pictures);
  const [wholesale, setWholesale] = useState(draft.wholesale);
  const [variants, setVariants] = useState<VariantState>({
    variants: draft.variants,
    combinations: draft.combinations,
    primary: draft.primary,
  });
  const [duration, setDuration] = useState(draft.preorder_duration);
  const { types, load } = useVariantTypes(categories[2], draft.categories[2], choices.variantTypes);
  const hasVariants = variants.variants.length > 0;
  const text = (name: keyof ListingDraft, label: string, extra: Record<string, unknown> = {}) => (
    <Labelled meta={fieldOf(name, errors(name))} label={label}>
      <input
        id={idsOf(name).id}
        name={name}
        defaultValue={String(draft[name] ?? '')}
        className="input"
        {...ariaOf(name, errors(name))}
        {...extra}
      />
    </Labelled>
  );
  const number = (name: keyof ListingDraft, label: string) => text(name, label, { inputMode: 'numeric' });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      <AuthenticityTokenInput />
      {hidden}
      {/* The form's default button: Enter in a field saves, rather than running the first step button. */}
      {canEdit ? (
        <button
          type="submit"
          name="intent"
          value="save"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
        />
      ) : null}
      <FormError id={form.errorId} errors={form.errors} />
      {review ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
        >
          {t('listing.review')}
        </p>
      ) : null}
      <fieldset disabled={!canEdit} className="space-y-6">
        <Section title={t('listing.information')}>
          {text('name', t('listing.name'), { readOnly: nameLocked, maxLength: 70 })}
          {nameLocked ? <p className="text-xs text-slate-500">{t('listing.nameLocked')}</p> : null}
          <Labelled meta={fieldOf('description', errors('description'))} label={t('listing.description')}>
            <textarea
              id={idsOf('description').id}
              name="description"
              rows={5}
              maxLength={2000}
              defaultValue={draft.description}
              className="input"
              {...ariaOf('description', errors('description'))}
            />
          </Labelled>
          <CategoryFields
            tree={choices.categories}
            chosen={categories}
            hydrated={hydrated}
            disabled={!canEdit}
            errors={errors('category_3')}
            onChange={(next) => {
              setCategories(next);
              if (next[2] !== categories[2]) {
                setVariants({ variants: [], combinations: [], primary: '' });
                load(next[2]);
              }
            }}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">{t('listing.condition')}</legend>
            <div className="mt-1 flex gap-4">
              {(['NEW', 'USED'] as const).map((condition) => (
                <label key={condition} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="condition"
                    value={condition}
                    defaultChecked={draft.condition === condition}
                  />
                  {t(`listing.conditions.${condition}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Labelled meta={fieldOf('etalase_id', errors('etalase_id'))} label={t('listing.showcase')}>
            <select
              id={idsOf('etalase_id').id}
              name="etalase_id"
              defaultValue={draft.etalase_id ?? ''}
              className="input"
              {...ariaOf('etalase_id', errors('etalase_id'))}
            >
              <option value="">{t('listing.chooseShowcase')}</option>
              {choices.showcases.etalase.map((showcase) => (
                <option key={showcase.etalase_id} value={showcase.etalase_id}>
                  {showcase.etalase_name}
                </option>
              ))}
            </select>
          </Labelled>
          {hasVariants ? null : text('sku', t('listing.sku'), { maxLength: 50 })}
        </Section>

        <Section title={t('listing.media')}>
          <PictureFields
            pictures={pictures}
            onChange={setPictures}
            limit={limit}
            hydrated={hydrated}
            canEdit={canEdit}
            errors={errors('pictures')}
          />
          {text('video', t('listing.video'), {
            type: 'url',
            placeholder: 'https://www.youtube.com/watch?v=…',
          })}
        </Section>

        <Section title={t('listing.variants')}>
          <VariantFields
            state={variants}
            onChange={setVariants}
            types={types}
            leafChosen={categories[2] !== null}
            hydrated={hydrated}
            canEdit={canEdit}
            creating={creating}
            errors={errors}
          />
        </Section>

        <Section title={t('listing.pricing')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {number('min_order', t('listing.minOrder'))}
            {hasVariants ? null : number('price', t('listing.price'))}
          </div>
          <h3 className="text-sm font-semibold text-slate-700">{t('listing.wholesale')}</h3>
          <WholesaleFields
            tiers={wholesale}
            onChange={setWholesale}
            hydrated={hydrated}
            canEdit={canEdit}
            errors={errors}
          />
        </Section>

        <Section title={t('listing.shipping')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {number('weight', t('listing.weight'))}
            <Labelled meta={fieldOf('weight_unit')} label={t('listing.weightUnit')}>
              <select
                id={idsOf('weight_unit').id}
                name="weight_unit"
                defaultValue={draft.weight_unit}
                className="input"
              >
                <option value="GR">GR</option>
                <option value="KG">KG</option>
              </select>
            </Labelled>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {number('dimension_length', t('listing.length'))}
            {number('dimension_width', t('listing.width'))}
            {number('dimension_height', t('listing.height'))}
          </div>
        </Section>

        <Section title={t('listing.preorder')}>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name="preorder" defaultChecked={draft.preorder} />
            {t('listing.preorderActive')}
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <Labelled
              meta={fieldOf('preorder_duration', errors('preorder_duration'))}
              label={t('listing.preorderDuration')}
            >
              <input
                id={idsOf('preorder_duration').id}
                name="preorder_duration"
                inputMode="numeric"
                className="input"
                {...(hydrated
                  ? { value: duration, onChange: (event) => setDuration(event.currentTarget.value) }
                  : { defaultValue: duration })}
                {...ariaOf('preorder_duration', errors('preorder_duration'))}
              />
            </Labelled>
            <Labelled meta={fieldOf('preorder_unit')} label={t('listing.preorderUnit')}>
              <select
                id={idsOf('preorder_unit').id}
                name="preorder_unit"
                defaultValue={draft.preorder_unit}
                className="input"
                // A duration counts in the unit it was given in, so changing the unit clears it.
                onChange={() => setDuration('')}
              >
                <option value="DAY">{t('listing.days')}</option>
                <option value="WEEK">{t('listing.weeks')}</option>
              </select>
            </Labelled>
          </div>
        </Section>

        {creating ? null : (
          <Section title={t('listing.statusAndStock')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Labelled meta={fieldOf('status')} label={t('listing.status')}>
                <select id={idsOf('status').id} name="status" defaultValue={draft.status} className="input">
                  {(['LIMITED', 'UNLIMITED', 'EMPTY'] as const).map((status) => (
                    <option key={status} value={status}>
                      {t(`listing.statuses.${status}`)}
                    </option>
                  ))}
                </select>
              </Labelled>
              {hasVariants
                ? null
                : text('stock', t('listing.stock'), {
                    inputMode: 'numeric',
                    placeholder: t('listing.noStockYet'),
                  })}
            </div>
          </Section>
        )}
      </fieldset>

      {canEdit ? (
        <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/95 py-3">
          <Link to="/product" className="btn-secondary">
            {t('listing.cancel')}
          </Link>
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={saving}>
            {saving ? t('listing.saving') : submitLabel}
          </button>
        </div>
      ) : null}
    </Form>
  );
}
