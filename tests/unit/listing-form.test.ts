import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { combinationsFor, emptyDraft, youtubeWatchId, type ListingDraft } from '~/lib/listing/draft';
import {
  applyStep,
  readDraft,
  settle,
  stockText,
  type ListingChoices,
} from '~/lib/listing/form-state.server';
import { bodyOf, formKeyOfUpstream } from '~/lib/listing/upstream-body.server';
import { listingFormSchema, type ListingForm } from '~/lib/schemas/listing';

function form(entries: [string, string | File][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const schema = listingFormSchema({ creating: true, pictureLimit: 5 });

const CHOICES: ListingChoices = {
  categories: [
    {
      id: 1759,
      name: 'Fashion Pria',
      child: [{ id: 1760, name: 'Atasan Pria', child: [{ id: 1761, name: 'Kaos Pria', child: [] }] }],
    },
  ],
  showcases: {
    etalase: [{ etalase_id: 1001, etalase_name: 'Produk Terbaru' }],
    shop: { is_official: false, picture_limit: 5 },
  },
  variantTypes: [
    {
      variant_id: 1,
      name: 'Warna',
      units: [
        {
          unit_id: 0,
          name: '',
          unit_values: [
            { value_id: 1, value: 'Merah', hex_code: '#E53935' },
            { value_id: 3, value: 'Hitam', hex_code: '#212121' },
          ],
        },
      ],
    },
    {
      variant_id: 29,
      name: 'Ukuran Pakaian',
      units: [
        {
          unit_id: 1,
          name: 'Internasional',
          unit_values: [
            { value_id: 103, value: 'M', hex_code: '' },
            { value_id: 104, value: 'L', hex_code: '' },
          ],
        },
      ],
    },
  ],
};

describe('the listing form schema', () => {
  it('tells every required field at once, in its words', () => {
    const submission = parseWithZod(
      form([
        ['intent', 'save'],
        ['min_order', ''],
      ]),
      { schema },
    );
    expect(submission.status).toBe('error');
    const errors = submission.reply().error ?? {};
    expect(errors).toMatchObject({
      name: ['Kolom nama tidak boleh kosong'],
      pictures: ['Gambar tidak boleh kosong'],
      category_3: ['Kolom kategori tidak boleh kosong'],
      etalase_id: ['Etalase tidak boleh kosong'],
      sku: ['Kolom sku tidak boleh kosong'],
      price: ['Kolom harga utama tidak boleh kosong'],
      min_order: ['Kolom minimum pembelian tidak boleh kosong'],
      weight: ['Kolom berat produk tidak boleh kosong'],
      dimension_length: ['Kolom panjang produk tidak boleh kosong'],
      dimension_width: ['Kolom lebar produk tidak boleh kosong'],
      dimension_height: ['Kolom tinggi produk tidak boleh kosong'],
    });
  });

  it('bounds the preorder by its unit, refuses negative and broken numbers, and wants one primary', () => {
    const base: [string, string][] = [
      ['name', 'Kaos'],
      ['pictures[0]', '/storage/a.png'],
      ['category_3', '1761'],
      ['etalase_id', '1001'],
      ['min_order', '1'],
      ['weight', '200'],
      ['dimension_length', '1'],
      ['dimension_width', '1'],
      ['dimension_height', '1'],
      ['preorder', 'on'],
    ];
    const errorsOf = (extra: [string, string][]) =>
      parseWithZod(form([...base, ...extra]), { schema }).reply().error ?? {};
    expect(errorsOf([['preorder_duration', '91']]).preorder_duration).toEqual([
      'Waktu proses maksimal 90 hari',
    ]);
    expect(
      errorsOf([
        ['preorder_duration', '14'],
        ['preorder_unit', 'WEEK'],
      ]).preorder_duration,
    ).toEqual(['Waktu proses maksimal 13 minggu']);
    expect(
      errorsOf([
        ['preorder_duration', '13'],
        ['preorder_unit', 'WEEK'],
      ]).preorder_duration,
    ).toBeUndefined();
    expect(errorsOf([['preorder_duration', '']]).preorder_duration).toEqual([
      'Waktu proses tidak boleh kosong',
    ]);
    expect(errorsOf([['price', '-5']]).price).toEqual(['Harus bilangan bulat 0 atau lebih']);
    expect(errorsOf([['price', '12,5']]).price).toEqual(['Harus bilangan bulat 0 atau lebih']);
    const variants = errorsOf([
      ['preorder_duration', '5'],
      ['variants[0].id', '1'],
      ['variants[0].values', '1'],
      ['variants[1].id', '1'],
      ['variants[1].values', '3'],
      ['combinations[0].key', '1-3'],
      ['combinations[0].price', '1000'],
    ]);
    expect(variants['variants[1].id']).toEqual(['Tipe varian tidak boleh dipilih dua kali']);
    expect(variants.primary).toEqual(['Harus ada tepat satu kombinasi utama']);
    expect(variants.sku).toBeUndefined();
    expect(
      errorsOf([
        ['preorder_duration', '5'],
        ['video', 'https://vimeo.com/1'],
      ]).video,
    ).toEqual(['Tautan video harus video YouTube']);
  });

  it('counts pictures against the shop limit', () => {
    const six = Array.from(
      { length: 6 },
      (_, index) => [`pictures[${index}]`, `/storage/${index}.png`] as [string, string],
    );
    const errors = parseWithZod(form(six), { schema }).reply().error ?? {};
    expect(errors.pictures).toEqual(['Maksimal 5 gambar untuk toko ini']);
    const official = listingFormSchema({ creating: true, pictureLimit: 7 });
    expect((parseWithZod(form(six), { schema: official }).reply().error ?? {}).pictures).toBeUndefined();
  });
});

describe('the listing form steps', () => {
  it('keeps what was typed in a combination when the values change, and the first is primary', () => {
    const first = combinationsFor([{ id: 1, unit_id: 0, values: [1, 3] }], [], '');
    expect(first).toEqual({
      combinations: [
        { key: '1', price: '', sku: '', stock: '' },
        { key: '3', price: '', sku: '', stock: '' },
      ],
      primary: '1',
    });
    const typed = first.combinations.map((row) => ({ ...row, price: '5000' }));
    const next = combinationsFor(
      [
        { id: 1, unit_id: 0, values: [3] },
        { id: 29, unit_id: 1, values: [103, 104] },
      ],
      [...typed, { key: '3-103', price: '7000', sku: 'X', stock: '' }],
      '1',
    );
    expect(next.combinations.map((row) => [row.key, row.price])).toEqual([
      ['3-103', '7000'],
      ['3-104', ''],
    ]);
    expect(next.primary).toBe('3-103');
  });

  it('clears a category level that is not a child of the one above, and the variants with it', () => {
    const draft = { ...emptyDraft(), categories: [1759, 999, 1761] as [number, number, number] };
    draft.variants = [{ id: 1, unit_id: 0, values: [1] }];
    const settled = settle(draft, CHOICES);
    expect(settled.categories).toEqual([1759, null, null]);
    expect(settled.variants).toEqual([]);
  });

  it('adds and removes rows as steps, never past the limits', () => {
    let draft: ListingDraft = { ...emptyDraft(), categories: [1759, 1760, 1761] };
    for (let n = 0; n < 7; n++) draft = applyStep(draft, 'add-wholesale');
    expect(draft.wholesale).toHaveLength(5);
    draft = applyStep(applyStep(applyStep(draft, 'add-variant'), 'add-variant'), 'add-variant');
    expect(draft.variants).toHaveLength(2);
    expect(applyStep(draft, 'remove-wholesale-1').wholesale).toHaveLength(4);
    expect(applyStep({ ...draft, categories: [null, null, null] }, 'add-variant').variants).toHaveLength(2);
  });

  it('reads a posted form back as typed, rows in their order', () => {
    const draft = readDraft(
      form([
        ['name', 'Kaos'],
        ['wholesale[1].price', '9'],
        ['wholesale[0].min_qty', '5'],
        ['variants[0].id', '1'],
        ['variants[0].values', '1'],
        ['variants[0].values', '3'],
        ['preorder', 'on'],
      ]),
    );
    expect(draft.wholesale).toEqual([
      { min_qty: '5', price: '' },
      { min_qty: '', price: '9' },
    ]);
    expect(draft.variants).toEqual([{ id: 1, unit_id: null, values: [1, 3] }]);
    expect(draft.preorder).toBe(true);
  });
});

describe('the listing body and the answers', () => {
  it('sends the watch id only, the combinations by their value indexes, and no stock on create', () => {
    const value = {
      intent: 'save',
      name: 'Kaos',
      pictures: ['/storage/a.png'],
      category_3: 1761,
      condition: 'NEW',
      etalase_id: 1001,
      video: 'https://youtu.be/dQw4w9WgXcQ',
      min_order: 1,
      weight: 200,
      weight_unit: 'GR',
      dimension_length: 1,
      dimension_width: 1,
      dimension_height: 1,
      preorder: false,
      preorder_unit: 'DAY',
      wholesale: [{ min_qty: 5, price: 70_000 }],
      variants: [
        { id: 1, unit_id: 0, values: [1, 3] },
        { id: 29, unit_id: 1, values: [103, 104] },
      ],
      combinations: [
        { key: '1-103', price: 80_000, sku: 'A', stock: 4 },
        { key: '3-104', price: 85_000, sku: 'B' },
      ],
      primary: '3-104',
    } as ListingForm;
    const body = bodyOf(value, emptyDraft(), CHOICES, true) as {
      videos: unknown;
      sku: unknown;
      variant: { products: unknown; selection: { options: unknown[] }[] };
    };
    expect(body.videos).toEqual([{ source: 'youtube', url: 'dQw4w9WgXcQ' }]);
    expect(body.variant.products).toEqual([
      { combination: [0, 0], is_primary: false, price: 80_000, sku: 'A', pictures: [] },
      { combination: [1, 1], is_primary: true, price: 85_000, sku: 'B', pictures: [] },
    ]);
    expect(body.variant.selection[0].options[1]).toEqual({
      unit_value_id: 3,
      value: 'Hitam',
      hex_code: '#212121',
    });
    expect(body).not.toHaveProperty('stock');
    expect(body).not.toHaveProperty('status');
    expect(body.sku).toBeNull();
  });

  it("puts the channel's field keys on the form's fields", () => {
    expect(formKeyOfUpstream('category_id')).toBe('category_3');
    expect(formKeyOfUpstream('etalase.id')).toBe('etalase_id');
    expect(formKeyOfUpstream('dimension.width')).toBe('dimension_width');
    expect(formKeyOfUpstream('variant.products.2.sku')).toBe('combinations.2.sku');
    expect(formKeyOfUpstream('variant.selection.1.options.0.unit_value_id')).toBe('variants.1.values');
    expect(formKeyOfUpstream('variant.products')).toBe('primary');
    expect(formKeyOfUpstream('videos.0.url')).toBe('video');
    expect(formKeyOfUpstream('wholesale.0.price')).toBe('wholesale.0.price');
  });

  it('reads YouTube links only', () => {
    expect(youtubeWatchId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(youtubeWatchId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeWatchId('https://evil.test/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeWatchId('javascript:alert(1)')).toBeNull();
  });
});

describe('a listing’s stock in the form', () => {
  it('is an empty field (no stock yet) for the -1 a new listing keeps, and the number otherwise', () => {
    expect(stockText(-1)).toBe('');
    expect(stockText(0)).toBe('0');
    expect(stockText(12)).toBe('12');
    expect(stockText(null)).toBe('');
  });
});
