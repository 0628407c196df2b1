// Apart from the form's schema: the list page offers these too, and it carries no zod (docs/decisions/060).

export const PROMOTION_TYPES = ['discount', 'amount'] as const;
export const PROMOTION_CHANNELS = ['tokopedia', 'shopee'] as const;

/** The list's tabs: Semua, Belum Selesai, Sedang Berjalan, Selesai, as the API's `status`. */
export const PROMOTION_TABS = ['', 'not_finished', 'running', 'finished'] as const;
