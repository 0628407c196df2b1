import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '~/lib/navigation';

function linkClass(isActive: boolean) {
  return `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`;
}

/**
 * The one item the page is under: the longest address that is the path or a folder of it. `/stock/manajemen` is
 * Manajemen Stok only, though it also lies under Stok's `/stock`; `/stock/42` is still Stok.
 */
export function activeTarget(items: NavItem[], pathname: string) {
  const targets = items.flatMap((item) =>
    item.children ? item.children.map((child) => child.to) : [item.to],
  );
  return (
    targets
      .filter((to) => pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`))
      .sort((a, b) => b.length - a.length)[0] ?? null
  );
}

export function SidebarNav({ items, id }: { items: NavItem[]; id: string }) {
  const { t } = useTranslation();
  const active = activeTarget(items, useLocation().pathname);
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
                      <Link
                        to={child.to}
                        className={linkClass(child.to === active)}
                        aria-current={child.to === active ? 'page' : undefined}
                        prefetch="intent"
                      >
                        {t(`nav.${child.key}`)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <Link
                to={item.to}
                className={linkClass(item.to === active)}
                aria-current={item.to === active ? 'page' : undefined}
                prefetch="intent"
              >
                {t(`nav.${item.key}`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
