import { useTranslation } from 'react-i18next';
import type { ListingDraft } from '~/lib/listing/draft';
import { ariaOf, ErrorText, idsOf, StepButton } from './fields';

type Node = { id: number; name: string; child: Node[] };
type Chosen = ListingDraft['categories'];

/**
 * The three category levels (the last is the category). Each level offers the children of the
 * one above: without JavaScript, choosing a level and pressing the step button shows the next; with it, the
 * next level follows the choice in place.
 */
export function CategoryFields({
  tree,
  chosen,
  onChange,
  hydrated,
  disabled,
  errors,
}: {
  tree: Node[];
  chosen: Chosen;
  onChange: (next: Chosen) => void;
  hydrated: boolean;
  disabled: boolean;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const top = tree.find((node) => node.id === chosen[0]);
  const middle = top?.child.find((node) => node.id === chosen[1]);
  const levels: { name: string; label: string; options: Node[]; value: number | null }[] = [
    { name: 'category_1', label: t('listing.category1'), options: tree, value: chosen[0] },
    { name: 'category_2', label: t('listing.category2'), options: top?.child ?? [], value: chosen[1] },
    { name: 'category_3', label: t('listing.category3'), options: middle?.child ?? [], value: chosen[2] },
  ];
  function choose(level: number, raw: string) {
    const id = raw ? Number(raw) : null;
    const next: Chosen = [...chosen];
    next[level] = id;
    for (let below = level + 1; below < 3; below++) next[below] = null;
    onChange(next);
  }
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-3">
        {levels.map((level, index) => (
          <div key={level.name} className="space-y-1">
            <label htmlFor={idsOf(level.name).id} className="block text-sm font-medium text-slate-700">
              {level.label}
            </label>
            <select
              id={idsOf(level.name).id}
              name={level.name}
              className="input"
              disabled={disabled || (index > 0 && level.options.length === 0)}
              {...(hydrated
                ? { value: level.value ?? '', onChange: (event) => choose(index, event.currentTarget.value) }
                : { defaultValue: level.value ?? '' })}
              {...(index === 2 ? ariaOf(level.name, errors) : {})}
            >
              <option value="">{t('listing.chooseCategory')}</option>
              {level.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {hydrated || disabled ? null : (
        <StepButton intent="category" hydrated={false}>
          {t('listing.applyCategory')}
        </StepButton>
      )}
      <ErrorText name="category_3" errors={errors} />
    </div>
  );
}
