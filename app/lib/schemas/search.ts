import { z } from 'zod';
import { SEARCH_MAX, SEARCH_MIN } from '../../../contract/search';
import { TOO_LONG, says } from './messages';

/**
 * The header's search box, checked by the search page's loader (the box itself carries no form library,
 * docs/decisions/060): at least SEARCH_MIN characters (the API answers shorter ones with a 422), at most SEARCH_MAX.
 */
export const searchSchema = z.object({
  q: z.string(says('search.tooShort')).trim().min(SEARCH_MIN, 'search.tooShort').max(SEARCH_MAX, TOO_LONG),
});

export type SearchInput = z.infer<typeof searchSchema>;
