import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '~/components/language-switch';
import { redirectIfSignedIn } from '~/lib/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return null;
}

export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-between">
          <p className="text-xl font-bold text-brand-700">{t('appName')}</p>
          <LanguageSwitch />
        </div>
        <main className="card">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
