import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '~/lib/dashboard/types';

/**
 * Ticking a parent ticks its whole subtree, unticking it unticks them; unticking a child unticks its ancestors
 * (a ticked parent means "all of it"). Without JavaScript the server already counts a parent's descendants.
 */
function cascade(event: ChangeEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  const item = box.closest('li');
  item?.querySelectorAll<HTMLInputElement>('ul input[type="checkbox"]').forEach((child) => {
    child.checked = box.checked;
  });
  if (box.checked) return;
  for (
    let parent = item?.parentElement?.closest('li');
    parent;
    parent = parent.parentElement?.closest('li')
  ) {
    const own = parent.querySelector<HTMLInputElement>(':scope > label > input[type="checkbox"]');
    if (own) own.checked = false;
  }
}

function Branch({
  nodes,
  selected,
  inherited,
}: {
  nodes: Category[];
  selected: Set<string>;
  inherited: boolean;
}) {
  return (
    <ul className="space-y-0.5 pl-4 first:pl-0">
      {nodes.map((node) => {
        const checked = inherited || selected.has(String(node.id));
        return (
          <li key={node.id}>
            <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                name="category"
                value={node.id}
                defaultChecked={checked}
                onChange={cascade}
              />
              {node.name}
            </label>
            {node.children.length ? (
              <Branch nodes={node.children} selected={selected} inherited={checked} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The category filter: the brand's category tree as nested checkboxes in a disclosure (works without JavaScript). */
export function CategoryTree({ categories, selected }: { categories: Category[]; selected: string[] }) {
  const { t } = useTranslation();
  const label = t('dashboard.filter.category');
  return (
    <details className="relative" data-dropdown>
      <summary className="input mt-1 flex min-w-40 cursor-pointer list-none items-center justify-between gap-2">
        <span>
          {label}
          {selected.length ? ` (${selected.length})` : ` (${t('filters.all')})`}
        </span>
        <span aria-hidden="true">▾</span>
      </summary>
      <fieldset className="absolute z-20 mt-1 max-h-80 w-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        <legend className="sr-only">{label}</legend>
        {categories.length ? (
          <Branch nodes={categories} selected={new Set(selected)} inherited={false} />
        ) : (
          <p className="px-2 py-1 text-sm text-slate-500">{t('table.none')}</p>
        )}
      </fieldset>
    </details>
  );
}
