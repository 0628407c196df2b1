import en from '../../locales/en/common.json';
import id from '../../locales/id/common.json';

/** Both languages for server rendering; the browser fetches only its own from /locales (cached 7 days). */
export const resources = { id: { common: id }, en: { common: en } };
