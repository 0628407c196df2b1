import { useTranslation } from 'react-i18next';

type Permission = { id: number; name: string };

const ACTION_LABELS: Record<string, string> = {
  index: 'settings.permission.action.index',
  store: 'settings.permission.action.store',
  update: 'settings.permission.action.update',
  destroy: 'settings.permission.action.destroy',
};

/** `gate-setting` → `Gate Setting`. */
function words(segment: string) {
  return segment
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The permissions' groups: by the first dot segment for platform staff (`brand.index` → Brand), by the segment
 * before the action on the brand and vendor side (`vendor.user.index` → User).
 */
export function groupPermissions(permissions: Permission[], platformStaff: boolean) {
  const groups = new Map<string, Permission[]>();
  for (const permission of permissions) {
    const segments = permission.name.split('.');
    const key = platformStaff || segments.length < 2 ? segments[0] : segments[segments.length - 2];
    groups.set(key, [...(groups.get(key) ?? []), permission]);
  }
  return [...groups.entries()].map(([key, items]) => ({ key, label: words(key), items }));
}

/** The label of one checkbox: its action (List, Create, Delete…), with the segments before it when nested. */
function useLabel() {
  const { t } = useTranslation();
  return (name: string, groupKey: string) => {
    const segments = name.split('.');
    const action = segments[segments.length - 1];
    const actionLabel = ACTION_LABELS[action] ? t(ACTION_LABELS[action]) : words(action);
    const rest = segments.slice(0, -1).filter((segment) => segment !== groupKey && segment !== 'vendor');
    return rest.length ? `${rest.map(words).join(' ')} · ${actionLabel}` : actionLabel;
  };
}

/** The grouped checkboxes of the permission form; plain inputs, so they toggle and post without JavaScript. */
export function PermissionCheckboxes({
  permissions,
  selected,
  platformStaff,
  disabled = false,
}: {
  permissions: Permission[];
  selected: number[];
  platformStaff: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const groups = groupPermissions(permissions, platformStaff);
  if (!groups.length) return <p className="text-sm text-slate-600">{t('settings.permission.none')}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => (
        <fieldset key={group.key} className="rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {t(`settings.permission.group.${group.key}`, { defaultValue: group.label })}
          </legend>
          <ul className="space-y-1">
            {group.items.map((permission) => (
              <li key={permission.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="permission_ids"
                    value={permission.id}
                    defaultChecked={selected.includes(permission.id)}
                    disabled={disabled}
                    className="h-4 w-4"
                  />
                  <span>{label(permission.name, group.key)}</span>
                  <span className="sr-only">({permission.name})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
