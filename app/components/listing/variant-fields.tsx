import { useTranslation } from 'react-i18next';
import {
  combinationsFor,
  MAX_VARIANT_TYPES,
  valuesOfKey,
  type CombinationDraft,
  type VariantDraft,
} from '~/lib/listing/draft';
import type { VariantType } from '~/lib/upstream/listings.server';
import { ariaOf, ErrorText, idsOf, StepButton } from './fields';

export type VariantState = { variants: VariantDraft[]; combinations: CombinationDraft[]; primary: string };

type Errors = (name: string) => string[] | undefined;

/** `Merah / XL` for a combination key. */
function labelOf(key: string, variants: VariantDraft[], types: VariantType[]) {
  return valuesOfKey(key)
    .map((valueId, level) => {
      const type = types.find((candidate) => candidate.variant_id === variants[level]?.id);
      return type?.units.flatMap((unit) => unit.unit_values).find((value) => value.value_id === valueId)
        ?.value;
    })
    .filter(Boolean)
    .join(' / ');
}

function VariantType({
  index,
  variant,
  types,
  taken,
  hydrated,
  disabled,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  variant: VariantDraft;
  types: VariantType[];
  taken: (number | null)[];
  hydrated: boolean;
  disabled: boolean;
  errors: Errors;
  onChange: (next: VariantDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const type = types.find((candidate) => candidate.variant_id === variant.id);
  const unit = type?.units.find((candidate) => candidate.unit_id === variant.unit_id) ?? type?.units[0];
  const base = `variants[${index}]`;
  const controlled = <T,>(value: T, change: (raw: string) => void) =>
    hydrated
      ? {
          value: value as string | number,
          onChange: (event: { currentTarget: { value: string } }) => change(event.currentTarget.value),
        }
      : { defaultValue: value as string | number };
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">{t('listing.variantN', { n: index + 1 })}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={idsOf(`${base}.id`).id} className="block text-sm font-medium text-slate-700">
            {t('listing.variantType')}
          </label>
          <select
            id={idsOf(`${base}.id`).id}
            name={`${base}.id`}
            className="input"
            disabled={disabled}
            {...controlled(variant.id ?? '', (raw) =>
              onChange({ id: raw ? Number(raw) : null, unit_id: null, values: [] }),
            )}
            {...ariaOf(`${base}.id`, errors(`${base}.id`))}
          >
            <option value="">{t('listing.chooseVariantType')}</option>
            {types.map((option) => (
              <option
                key={option.variant_id}
                value={option.variant_id}
                disabled={option.variant_id !== variant.id && taken.includes(option.variant_id)}
              >
                {option.name}
              </option>
            ))}
          </select>
          <ErrorText name={`${base}.id`} errors={errors(`${base}.id`)} />
        </div>
        {type && type.units.length > 1 ? (
          <div className="space-y-1">
            <label htmlFor={idsOf(`${base}.unit_id`).id} className="block text-sm font-medium text-slate-700">
              {t('listing.variantUnit')}
            </label>
            <select
              id={idsOf(`${base}.unit_id`).id}
              name={`${base}.unit_id`}
              className="input"
              disabled={disabled}
              {...controlled(unit?.unit_id ?? '', (raw) =>
                onChange({ ...variant, unit_id: Number(raw), values: [] }),
              )}
            >
              {type.units.map((option) => (
                <option key={option.unit_id} value={option.unit_id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name={`${base}.unit_id`} value={unit?.unit_id ?? ''} />
        )}
      </div>
      {unit ? (
        <fieldset {...ariaOf(`${base}.values`, errors(`${base}.values`))}>
          <legend className="text-sm font-medium text-slate-700">{t('listing.variantValues')}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {unit.unit_values.map((option) => {
              const checked = variant.values.includes(option.value_id);
              return (
                <label
                  key={option.value_id}
                  className="inline-flex items-center gap-2 rounded border border-slate-200 px-2 py-1 text-sm"
                >
                  <input
                    type="checkbox"
                    name={`${base}.values`}
                    value={option.value_id}
                    disabled={disabled}
                    {...(hydrated
                      ? {
                          checked,
                          onChange: () =>
                            onChange({
                              ...variant,
                              unit_id: unit.unit_id,
                              values: checked
                                ? variant.values.filter((id) => id !== option.value_id)
                                : [...variant.values, option.value_id],
                            }),
                        }
                      : { defaultChecked: checked })}
                  />
                  {option.hex_code ? (
                    <span
                      aria-hidden="true"
                      className="inline-block h-3 w-3 rounded-full border border-slate-300"
                      style={{ backgroundColor: option.hex_code }}
                    />
                  ) : null}
                  {option.value}
                </label>
              );
            })}
          </div>
          <ErrorText name={`${base}.values`} errors={errors(`${base}.values`)} />
        </fieldset>
      ) : null}
      {disabled ? null : (
        <StepButton
          intent={`remove-variant-${index}`}
          hydrated={hydrated}
          onClick={onRemove}
          className="btn-secondary px-2 py-1 text-xs text-red-700"
        >
          {t('listing.removeVariant', { n: index + 1 })}
        </StepButton>
      )}
    </fieldset>
  );
}

/**
 * Variants: up to two types of the category, a type once, the values of its unit, and the
 * table of their combinations with price, SKU, stock (on edit) and the one primary. Without JavaScript adding,
 * removing and applying are steps; with it everything follows in place.
 */
export function VariantFields({
  state,
  onChange,
  types,
  leafChosen,
  hydrated,
  canEdit,
  creating,
  errors,
}: {
  state: VariantState;
  onChange: (next: VariantState) => void;
  types: VariantType[];
  leafChosen: boolean;
  hydrated: boolean;
  canEdit: boolean;
  creating: boolean;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const { variants, combinations, primary } = state;
  const setVariants = (next: VariantDraft[]) =>
    onChange({ variants: next, ...combinationsFor(next, combinations, primary) });
  const setRow = (index: number, field: 'price' | 'sku' | 'stock', value: string) =>
    onChange({
      ...state,
      combinations: combinations.map((row, at) => (at === index ? { ...row, [field]: value } : row)),
    });
  const cell = (index: number, field: 'price' | 'sku' | 'stock', value: string) =>
    hydrated
      ? {
          value,
          onChange: (event: { currentTarget: { value: string } }) =>
            setRow(index, field, event.currentTarget.value),
        }
      : { defaultValue: value };
  return (
    <div className="space-y-3">
      {variants.map((variant, index) => (
        <VariantType
          key={index}
          index={index}
          variant={variant}
          types={types}
          taken={variants.map((other) => other.id)}
          hydrated={hydrated}
          disabled={!canEdit}
          errors={errors}
          onChange={(next) => setVariants(variants.map((row, at) => (at === index ? next : row)))}
          onRemove={() => setVariants(variants.filter((_, at) => at !== index))}
        />
      ))}
      <ErrorText name="variants" errors={errors('variants')} />
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          {variants.length < MAX_VARIANT_TYPES ? (
            <StepButton
              intent="add-variant"
              hydrated={hydrated}
              disabled={!leafChosen}
              onClick={() => setVariants([...variants, { id: null, unit_id: null, values: [] }])}
            >
              {t('listing.addVariant')}
            </StepButton>
          ) : null}
          {!hydrated && variants.length > 0 ? (
            <StepButton intent="variants" hydrated={false}>
              {t('listing.applyVariants')}
            </StepButton>
          ) : null}
        </div>
      ) : null}
      {!leafChosen && canEdit ? (
        <p className="text-xs text-slate-500">{t('listing.variantNeedsCategory')}</p>
      ) : null}
      {combinations.length ? (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t('listing.combinations')}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('listing.combination')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('listing.price')}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t('listing.sku')}
                </th>
                {creating ? null : (
                  <th scope="col" className="px-3 py-2 text-left">
                    {t('listing.stock')}
                  </th>
                )}
                <th scope="col" className="px-3 py-2 text-left">
                  {t('listing.primary')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {combinations.map((row, index) => {
                const label = labelOf(row.key, variants, types);
                const name = (field: string) => `combinations[${index}].${field}`;
                return (
                  <tr key={row.key}>
                    <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                      <input type="hidden" name={name('key')} value={row.key} />
                      {label}
                    </th>
                    {(['price', 'sku', ...(creating ? [] : ['stock'])] as ('price' | 'sku' | 'stock')[]).map(
                      (field) => (
                        <td key={field} className="px-3 py-2 align-top">
                          <input
                            id={idsOf(name(field)).id}
                            name={name(field)}
                            inputMode={field === 'sku' ? undefined : 'numeric'}
                            placeholder={field === 'stock' ? t('listing.noStockYet') : undefined}
                            aria-label={`${t(`listing.${field}`)} ${label}`}
                            className="input min-w-24"
                            readOnly={!canEdit}
                            {...cell(index, field, row[field])}
                            {...ariaOf(name(field), errors(name(field)))}
                          />
                          <ErrorText name={name(field)} errors={errors(name(field))} />
                        </td>
                      ),
                    )}
                    <td className="px-3 py-2">
                      <input
                        type="radio"
                        name="primary"
                        value={row.key}
                        aria-label={`${t('listing.primary')} ${label}`}
                        disabled={!canEdit}
                        {...(hydrated
                          ? {
                              checked: primary === row.key,
                              onChange: () => onChange({ ...state, primary: row.key }),
                            }
                          : { defaultChecked: primary === row.key })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <ErrorText name="primary" errors={errors('primary')} />
        </div>
      ) : null}
    </div>
  );
}
