import { Link } from '@remix-run/react';

/** Tabs that are addresses (`?tab=`), so each opens without JavaScript; a disabled one is not a link. */
export function SettingsTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: { id: string; label: string; to: string; disabled?: boolean }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-slate-200">
      {tabs.map((tab) =>
        tab.disabled ? (
          <span
            key={tab.id}
            aria-disabled="true"
            className="cursor-not-allowed px-4 py-2 text-sm text-slate-400"
          >
            {tab.label}
          </span>
        ) : (
          <Link
            key={tab.id}
            to={tab.to}
            aria-current={tab.id === current ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab.id === current
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </Link>
        ),
      )}
    </nav>
  );
}
