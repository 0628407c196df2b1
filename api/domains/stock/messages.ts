/** What the stock domain's writes answer with. */
export const CREATED = 'Data berhasil ditambahkan';
export const UPDATED = 'Data berhasil diubah';
export const DELETED = 'Data berhasil dihapus';
