import { NavLink } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '~/lib/navigation';

function linkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`;
}

export function SidebarNav({ items, id }: { items: NavItem[]; id: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} id={id}>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.key}>
            {item.children ? (
              <>
                <span
                  id={`${id}-${item.key}`}
                  className="block px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500"
                >
                  {t(`nav.${item.key}`)}
                </span>
                {/* Indented under its heading, so the items after the group do not read as part of it. */}
                <ul
                  aria-labelledby={`${id}-${item.key}`}
                  className="ml-3 space-y-1 border-l border-slate-200 pl-2"
                >
                  {item.children.map((child) => (
                    <li key={child.key}>
                      <NavLink to={child.to} className={linkClass} prefetch="intent">
                        {t(`nav.${child.key}`)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <NavLink to={item.to} className={linkClass} prefetch="intent">
                {t(`nav.${item.key}`)}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
