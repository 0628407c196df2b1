import { KIND } from '../contract/access';
import { navigationFor, type NavItem } from '../app/lib/navigation';
import { SETTINGS_CARD_PATHS, settingsCards } from '../app/lib/settings/access';

/** A page as a bench measures it: a dashboard, or a list (an area's first page or a settings card). */
export type NavigationPage = { path: string; kind: 'dashboard' | 'list' };

type Account = { role_id: number; permissions: string[]; is_special_account: boolean };

function leaves(items: NavItem[]): string[] {
  return items.flatMap((item) => (item.children ? leaves(item.children) : [item.to]));
}

/**
 * Every page of an account's navigation as it opens, read from the app's own navigation: each area's pages (a
 * dashboard's every page, stock's every tab) and, for Pengaturan, each card it may open instead of the menu. One
 * list for every bench that walks the navigation, so a new area is measured without being added twice.
 */
export function navigationPages(account: Account): NavigationPage[] {
  const areas = leaves(navigationFor(account).filter((item) => item.key !== 'settings'));
  const cards = settingsCards(account).map((card) => SETTINGS_CARD_PATHS[card]);
  return [...new Set([...areas, ...cards])].map((path) => ({
    path,
    kind: path.startsWith('/dashboard/') ? 'dashboard' : 'list',
  }));
}

/** The administrator, who opens every area and every card. */
export const ADMINISTRATOR: Account = {
  role_id: KIND.administrator,
  permissions: [],
  is_special_account: false,
};
