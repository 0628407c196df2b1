import { useTranslation } from 'react-i18next';
import { MAX_WHOLESALE_TIERS, type WholesaleDraft } from '~/lib/listing/draft';
import { ariaOf, ErrorText, idsOf, StepButton } from './fields';

/**
 * Wholesale tiers: at most five, the add button gone at five. Without JavaScript adding and
 * removing are steps; with it they happen in place.
 */
export function WholesaleFields({
  tiers,
  onChange,
  hydrated,
  canEdit,
  errors,
}: {
  tiers: WholesaleDraft[];
  onChange: (next: WholesaleDraft[]) => void;
  hydrated: boolean;
  canEdit: boolean;
  errors: (name: string) => string[] | undefined;
}) {
  const { t } = useTranslation();
  const set = (index: number, field: keyof WholesaleDraft, value: string) =>
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
  return (
    <div className="space-y-2">
      {tiers.length ? (
        <ol className="space-y-2">
          {tiers.map((tier, index) => (
            <li key={index} className="flex flex-wrap items-start gap-3">
              {(['min_qty', 'price'] as const).map((field) => {
                const name = `wholesale[${index}].${field}`;
                return (
                  <div key={field} className="space-y-1">
                    <label htmlFor={idsOf(name).id} className="block text-sm font-medium text-slate-700">
                      {t(field === 'min_qty' ? 'listing.wholesaleQuantity' : 'listing.wholesalePrice', {
                        n: index + 1,
                      })}
                    </label>
                    <input
                      id={idsOf(name).id}
                      name={name}
                      inputMode="numeric"
                      className="input w-40"
                      readOnly={!canEdit}
                      {...(hydrated
                        ? {
                            value: tier[field],
                            onChange: (event) => set(index, field, event.currentTarget.value),
                          }
                        : { defaultValue: tier[field] })}
                      {...ariaOf(name, errors(name))}
                    />
                    <ErrorText name={name} errors={errors(name)} />
                  </div>
                );
              })}
              {canEdit ? (
                <StepButton
                  intent={`remove-wholesale-${index}`}
                  hydrated={hydrated}
                  onClick={() => onChange(tiers.filter((_, at) => at !== index))}
                  className="btn-secondary mt-6 px-2 py-1 text-xs text-red-700"
                  label={t('listing.removeWholesale', { n: index + 1 })}
                >
                  {t('listing.remove')}
                </StepButton>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">{t('listing.noWholesale')}</p>
      )}
      <ErrorText name="wholesale" errors={errors('wholesale')} />
      {canEdit && tiers.length < MAX_WHOLESALE_TIERS ? (
        <StepButton
          intent="add-wholesale"
          hydrated={hydrated}
          onClick={() => onChange([...tiers, { min_qty: '', price: '' }])}
        >
          {t('listing.addWholesale')}
        </StepButton>
      ) : null}
    </div>
  );
}
