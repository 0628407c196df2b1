import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A settings page's breadcrumb (Pengaturan / … / here) and its title, with the page's actions beside it. */
export function SettingsHeader({
  title,
  trail = [],
  children,
}: {
  title: string;
  trail?: { label: string; to: string }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
        <Link to="/settings" className="hover:underline">
          {t('nav.settings')}
        </Link>
        {trail.map((step) => (
          <span key={step.to}>
            {' / '}
            <Link to={step.to} className="hover:underline">
              {step.label}
            </Link>
          </span>
        ))}
        {' / '}
        <span>{title}</span>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-semibold">
          {title}
        </h1>
        {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
      </div>
    </>
  );
}
