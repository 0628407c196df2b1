import { useTranslation } from 'react-i18next';

type Permission = { id: number; name: string };

const ACTIONS = ['index', 'store', 'update', 'destroy'] as const;

/** `vendor.user.index` → area `vendor.user`, action `index`. */
function split(name: string) {
  const at = name.lastIndexOf('.');
  return { area: name.slice(0, at), action: name.slice(at + 1) };
}

/** Areas (a permission's name without its action) as rows, read/create/update/delete as columns. */
export function gridRows(permissions: Permission[]) {
  const rows = new Map<string, Partial<Record<(typeof ACTIONS)[number], Permission>>>();
  for (const permission of permissions) {
    const { area, action } = split(permission.name);
    if (!(ACTIONS as readonly string[]).includes(action)) continue;
    rows.set(area, { ...rows.get(area), [action]: permission });
  }
  return [...rows.entries()].map(([area, cells]) => ({ area, cells }));
}

/**
 * The access-rights grid of the mock screen, over the real permissions: one row per area, a checkbox per
 * action the area has. Plain checkboxes: they toggle and post without JavaScript.
 */
export function AccessGrid({ permissions, selected }: { permissions: Permission[]; selected: number[] }) {
  const { t } = useTranslation();
  const rows = gridRows(permissions);
  return (
    // At phone width the paddings shrink and the area names wrap, so that all four actions stay on screen.
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{t('settings.grid.caption')}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-2 py-3 text-left font-semibold sm:px-4">
              {t('settings.grid.area')}
            </th>
            {ACTIONS.map((action) => (
              <th key={action} scope="col" className="px-1 py-3 text-center font-semibold sm:px-4">
                {t(`settings.grid.action.${action}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const areaLabel = t(`settings.grid.areas.${row.area}`, { defaultValue: row.area });
            return (
              <tr key={row.area}>
                <th scope="row" className="break-words px-2 py-2 text-left font-medium sm:px-4">
                  {areaLabel}
                </th>
                {ACTIONS.map((action) => {
                  const permission = row.cells[action];
                  return (
                    <td key={action} className="px-1 py-2 text-center sm:px-4">
                      {permission ? (
                        <input
                          type="checkbox"
                          name="permission_ids"
                          value={permission.id}
                          defaultChecked={selected.includes(permission.id)}
                          aria-label={`${areaLabel}: ${t(`settings.grid.action.${action}`)}`}
                          className="h-4 w-4"
                        />
                      ) : (
                        <span aria-hidden="true" className="text-slate-300">
                          –
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
