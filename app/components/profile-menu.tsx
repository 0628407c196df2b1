import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { initials } from '~/lib/navigation';

/** A disclosure (details/summary), so it opens with keyboard and without JavaScript. */
export function ProfileMenu({
  name,
  roleName,
  photoUrl,
}: {
  name: string;
  roleName: string;
  photoUrl: string | null;
}) {
  const { t } = useTranslation();
  return (
    <details className="relative" data-dropdown>
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-md p-1 hover:bg-slate-100"
        aria-label={t('header.profileMenu')}
      >
        {photoUrl ? (
          <img src={photoUrl} alt="" className="h-9 w-9 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
          >
            {initials(name)}
          </span>
        )}
        <span className="hidden text-left sm:block">
          <span className="block text-sm font-medium leading-tight">{name}</span>
          <span className="block text-xs text-slate-500">{roleName}</span>
        </span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        <Link to="/account/profile" className="block px-4 py-2 text-sm hover:bg-slate-100">
          {t('header.profile')}
        </Link>
        <Form method="post" action="/auth/logout">
          <AuthenticityTokenInput />
          <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100">
            {t('header.logout')}
          </button>
        </Form>
      </div>
    </details>
  );
}
