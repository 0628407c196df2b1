/**
 * What a successful write answers in `message`: the old API's wording, which the spec gives literally. The web
 * app shows its own translated toast (app/lib/toast.server.ts), so these reach API clients only.
 */
export const WRITE_MESSAGE = {
  created: 'Data berhasil dibuat',
  added: 'Data berhasil ditambahkan',
  updated: 'Data berhasil diubah',
  deleted: 'Data berhasil dihapus',
} as const;
