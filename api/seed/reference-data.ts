export type City = {
  name: string;
  province: string;
  postalPrefix: string;
  subDistricts: readonly string[];
  neighbours: readonly string[];
  lat: number;
  lng: number;
  /** Share of buyers living there. */
  weight: number;
};

export const CITIES: readonly City[] = [
  {
    name: 'Jakarta',
    province: 'DKI Jakarta',
    postalPrefix: '12',
    subDistricts: [
      'Menteng',
      'Kebayoran Baru',
      'Cilandak',
      'Kelapa Gading',
      'Tebet',
      'Cengkareng',
      'Pasar Minggu',
    ],
    neighbours: ['Bekasi', 'Depok', 'Tangerang'],
    lat: -6.2088,
    lng: 106.8456,
    weight: 18,
  },
  {
    name: 'Bekasi',
    province: 'Jawa Barat',
    postalPrefix: '17',
    subDistricts: ['Bekasi Barat', 'Bekasi Selatan', 'Rawalumbu'],
    neighbours: ['Jakarta'],
    lat: -6.2383,
    lng: 106.9756,
    weight: 6,
  },
  {
    name: 'Tangerang',
    province: 'Banten',
    postalPrefix: '15',
    subDistricts: ['Karawaci', 'Ciledug', 'Cipondoh'],
    neighbours: ['Jakarta'],
    lat: -6.1783,
    lng: 106.6319,
    weight: 6,
  },
  {
    name: 'Depok',
    province: 'Jawa Barat',
    postalPrefix: '16',
    subDistricts: ['Beji', 'Margonda', 'Sukmajaya'],
    neighbours: ['Jakarta', 'Bogor'],
    lat: -6.4025,
    lng: 106.7942,
    weight: 4,
  },
  {
    name: 'Bogor',
    province: 'Jawa Barat',
    postalPrefix: '16',
    subDistricts: ['Bogor Tengah', 'Tanah Sareal', 'Bogor Utara'],
    neighbours: ['Depok'],
    lat: -6.595,
    lng: 106.8166,
    weight: 4,
  },
  {
    name: 'Bandung',
    province: 'Jawa Barat',
    postalPrefix: '40',
    subDistricts: ['Coblong', 'Sukajadi', 'Cicendo', 'Antapani', 'Buahbatu'],
    neighbours: ['Cimahi'],
    lat: -6.9175,
    lng: 107.6191,
    weight: 8,
  },
  {
    name: 'Cimahi',
    province: 'Jawa Barat',
    postalPrefix: '40',
    subDistricts: ['Cimahi Tengah', 'Cimahi Utara'],
    neighbours: ['Bandung'],
    lat: -6.8722,
    lng: 107.5425,
    weight: 1,
  },
  {
    name: 'Surabaya',
    province: 'Jawa Timur',
    postalPrefix: '60',
    subDistricts: ['Gubeng', 'Wonokromo', 'Rungkut', 'Tegalsari', 'Sukolilo'],
    neighbours: ['Sidoarjo', 'Gresik'],
    lat: -7.2575,
    lng: 112.7521,
    weight: 8,
  },
  {
    name: 'Sidoarjo',
    province: 'Jawa Timur',
    postalPrefix: '61',
    subDistricts: ['Waru', 'Buduran', 'Candi'],
    neighbours: ['Surabaya'],
    lat: -7.4478,
    lng: 112.7183,
    weight: 2,
  },
  {
    name: 'Gresik',
    province: 'Jawa Timur',
    postalPrefix: '61',
    subDistricts: ['Kebomas', 'Manyar'],
    neighbours: ['Surabaya'],
    lat: -7.1566,
    lng: 112.6555,
    weight: 1,
  },
  {
    name: 'Malang',
    province: 'Jawa Timur',
    postalPrefix: '65',
    subDistricts: ['Lowokwaru', 'Klojen', 'Blimbing'],
    neighbours: ['Batu'],
    lat: -7.9666,
    lng: 112.6326,
    weight: 3,
  },
  {
    name: 'Batu',
    province: 'Jawa Timur',
    postalPrefix: '65',
    subDistricts: ['Batu', 'Junrejo'],
    neighbours: ['Malang'],
    lat: -7.8672,
    lng: 112.5239,
    weight: 1,
  },
  {
    name: 'Semarang',
    province: 'Jawa Tengah',
    postalPrefix: '50',
    subDistricts: ['Banyumanik', 'Tembalang', 'Candisari', 'Semarang Tengah'],
    neighbours: ['Kendal', 'Surakarta'],
    lat: -6.9667,
    lng: 110.4167,
    weight: 4,
  },
  {
    name: 'Kendal',
    province: 'Jawa Tengah',
    postalPrefix: '51',
    subDistricts: ['Kaliwungu', 'Weleri'],
    neighbours: ['Semarang'],
    lat: -6.9197,
    lng: 110.2058,
    weight: 1,
  },
  {
    name: 'Surakarta',
    province: 'Jawa Tengah',
    postalPrefix: '57',
    subDistricts: ['Laweyan', 'Banjarsari', 'Jebres'],
    neighbours: ['Semarang', 'Yogyakarta'],
    lat: -7.5755,
    lng: 110.8243,
    weight: 2,
  },
  {
    name: 'Yogyakarta',
    province: 'DI Yogyakarta',
    postalPrefix: '55',
    subDistricts: ['Gondokusuman', 'Umbulharjo', 'Mergangsan', 'Jetis'],
    neighbours: ['Sleman', 'Bantul'],
    lat: -7.7956,
    lng: 110.3695,
    weight: 4,
  },
  {
    name: 'Sleman',
    province: 'DI Yogyakarta',
    postalPrefix: '55',
    subDistricts: ['Depok', 'Mlati', 'Ngaglik'],
    neighbours: ['Yogyakarta'],
    lat: -7.7167,
    lng: 110.35,
    weight: 1,
  },
  {
    name: 'Bantul',
    province: 'DI Yogyakarta',
    postalPrefix: '55',
    subDistricts: ['Kasihan', 'Sewon'],
    neighbours: ['Yogyakarta'],
    lat: -7.8881,
    lng: 110.3289,
    weight: 1,
  },
  {
    name: 'Medan',
    province: 'Sumatera Utara',
    postalPrefix: '20',
    subDistricts: ['Medan Baru', 'Medan Petisah', 'Medan Johor', 'Medan Sunggal'],
    neighbours: ['Binjai', 'Deli Serdang'],
    lat: 3.5952,
    lng: 98.6722,
    weight: 5,
  },
  {
    name: 'Binjai',
    province: 'Sumatera Utara',
    postalPrefix: '20',
    subDistricts: ['Binjai Kota', 'Binjai Utara'],
    neighbours: ['Medan'],
    lat: 3.6001,
    lng: 98.4854,
    weight: 1,
  },
  {
    name: 'Deli Serdang',
    province: 'Sumatera Utara',
    postalPrefix: '20',
    subDistricts: ['Lubuk Pakam', 'Tanjung Morawa'],
    neighbours: ['Medan'],
    lat: 3.4202,
    lng: 98.7041,
    weight: 1,
  },
  {
    name: 'Palembang',
    province: 'Sumatera Selatan',
    postalPrefix: '30',
    subDistricts: ['Ilir Timur I', 'Seberang Ulu I', 'Kemuning'],
    neighbours: ['Banyuasin'],
    lat: -2.9761,
    lng: 104.7754,
    weight: 3,
  },
  {
    name: 'Banyuasin',
    province: 'Sumatera Selatan',
    postalPrefix: '30',
    subDistricts: ['Talang Kelapa', 'Banyuasin III'],
    neighbours: ['Palembang'],
    lat: -2.6096,
    lng: 104.7521,
    weight: 1,
  },
  {
    name: 'Makassar',
    province: 'Sulawesi Selatan',
    postalPrefix: '90',
    subDistricts: ['Panakkukang', 'Tamalate', 'Rappocini'],
    neighbours: ['Gowa', 'Maros'],
    lat: -5.1477,
    lng: 119.4327,
    weight: 3,
  },
  {
    name: 'Gowa',
    province: 'Sulawesi Selatan',
    postalPrefix: '92',
    subDistricts: ['Somba Opu', 'Pallangga'],
    neighbours: ['Makassar'],
    lat: -5.3102,
    lng: 119.7426,
    weight: 1,
  },
  {
    name: 'Maros',
    province: 'Sulawesi Selatan',
    postalPrefix: '90',
    subDistricts: ['Turikale', 'Mandai'],
    neighbours: ['Makassar'],
    lat: -5.0055,
    lng: 119.5736,
    weight: 1,
  },
  {
    name: 'Denpasar',
    province: 'Bali',
    postalPrefix: '80',
    subDistricts: ['Denpasar Selatan', 'Denpasar Barat', 'Denpasar Timur'],
    neighbours: ['Badung', 'Gianyar'],
    lat: -8.65,
    lng: 115.2167,
    weight: 3,
  },
  {
    name: 'Badung',
    province: 'Bali',
    postalPrefix: '80',
    subDistricts: ['Kuta', 'Mengwi'],
    neighbours: ['Denpasar'],
    lat: -8.5819,
    lng: 115.1771,
    weight: 1,
  },
  {
    name: 'Gianyar',
    province: 'Bali',
    postalPrefix: '80',
    subDistricts: ['Ubud', 'Sukawati'],
    neighbours: ['Denpasar'],
    lat: -8.5442,
    lng: 115.3253,
    weight: 1,
  },
  {
    name: 'Pekanbaru',
    province: 'Riau',
    postalPrefix: '28',
    subDistricts: ['Sukajadi', 'Tampan', 'Marpoyan Damai'],
    neighbours: [],
    lat: 0.5071,
    lng: 101.4478,
    weight: 2,
  },
  {
    name: 'Balikpapan',
    province: 'Kalimantan Timur',
    postalPrefix: '76',
    subDistricts: ['Balikpapan Kota', 'Balikpapan Selatan'],
    neighbours: [],
    lat: -1.2379,
    lng: 116.8529,
    weight: 1,
  },
  {
    name: 'Manado',
    province: 'Sulawesi Utara',
    postalPrefix: '95',
    subDistricts: ['Wenang', 'Malalayang'],
    neighbours: [],
    lat: 1.4748,
    lng: 124.8421,
    weight: 1,
  },
  {
    name: 'Pontianak',
    province: 'Kalimantan Barat',
    postalPrefix: '78',
    subDistricts: ['Pontianak Kota', 'Pontianak Selatan'],
    neighbours: [],
    lat: -0.0263,
    lng: 109.3425,
    weight: 1,
  },
];

export const VENDOR_CITIES: readonly string[] = [
  'Jakarta',
  'Bandung',
  'Surabaya',
  'Jakarta',
  'Medan',
  'Semarang',
  'Yogyakarta',
  'Makassar',
  'Denpasar',
  'Palembang',
  'Malang',
  'Surabaya',
  'Jakarta',
  'Bandung',
  'Medan',
  'Semarang',
  'Yogyakarta',
  'Denpasar',
  'Malang',
  'Tangerang',
];

export const VENDOR_NAMES: readonly string[] = [
  'CV Maju Jaya',
  'PT Sinar Abadi',
  'UD Berkah Sentosa',
  'PT Karya Mandiri',
  'CV Sumber Rejeki',
  'PT Cahaya Logistik',
  'CV Mitra Niaga',
  'PT Gudang Nusantara',
  'CV Sejahtera Makmur',
  'PT Mega Distribusi',
  'CV Sentosa Abadi',
  'PT Bintang Timur',
  'UD Rejeki Lancar',
  'CV Harapan Baru',
  'PT Surya Kencana',
  'CV Tunas Mekar',
  'PT Arta Niaga',
  'CV Dewata Jaya',
  'UD Arjuna Makmur',
  'PT Cipta Sarana',
];

export const MALE_NAMES: readonly string[] = [
  'Budi',
  'Agus',
  'Andi',
  'Rizky',
  'Dimas',
  'Fajar',
  'Hendra',
  'Iwan',
  'Joko',
  'Bayu',
  'Eko',
  'Yusuf',
  'Arif',
  'Reza',
  'Teguh',
  'Wahyu',
  'Ahmad',
  'Bambang',
  'Dedi',
  'Gilang',
  'Hadi',
  'Kevin',
  'Rudi',
  'Surya',
  'Taufik',
  'Irfan',
  'Aditya',
  'Yoga',
  'Hendro',
  'Rian',
];

export const FEMALE_NAMES: readonly string[] = [
  'Siti',
  'Dewi',
  'Ayu',
  'Putri',
  'Rina',
  'Sri',
  'Indah',
  'Fitri',
  'Wulan',
  'Nur',
  'Maya',
  'Ratna',
  'Anisa',
  'Dian',
  'Kartika',
  'Mega',
  'Nadia',
  'Intan',
  'Yuni',
  'Sari',
  'Tiara',
  'Larasati',
  'Citra',
  'Melati',
  'Nabila',
  'Aulia',
  'Rahma',
  'Vina',
  'Lina',
  'Novi',
];

export const LAST_NAMES: readonly string[] = [
  'Santoso',
  'Wijaya',
  'Pratama',
  'Saputra',
  'Hidayat',
  'Nugroho',
  'Kusuma',
  'Setiawan',
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Lubis',
  'Harahap',
  'Wibowo',
  'Susanto',
  'Gunawan',
  'Halim',
  'Purnomo',
  'Rahman',
  'Firmansyah',
  'Hakim',
  'Utami',
  'Lestari',
  'Permana',
  'Suryadi',
  'Tanjung',
  'Sembiring',
  'Ginting',
  'Manurung',
  'Hasibuan',
  'Kurniawan',
  'Anggraini',
  'Maharani',
  'Rahmawati',
  'Syahputra',
  'Daulay',
  'Pangaribuan',
  'Sitompul',
  'Wirawan',
  'Prasetyo',
];

export const STREETS: readonly string[] = [
  'Jl. Sudirman',
  'Jl. Merdeka',
  'Jl. Diponegoro',
  'Jl. Gatot Subroto',
  'Jl. Ahmad Yani',
  'Jl. Pahlawan',
  'Jl. Imam Bonjol',
  'Jl. Kartini',
  'Jl. Veteran',
  'Jl. Gajah Mada',
  'Jl. Hayam Wuruk',
  'Jl. Pemuda',
  'Jl. Cendana',
  'Jl. Melati',
  'Jl. Kenanga',
  'Jl. Mawar',
  'Jl. Anggrek',
  'Jl. Flamboyan',
  'Jl. Teuku Umar',
  'Jl. Cut Nyak Dien',
];

export const MOBILE_PREFIXES: readonly string[] = [
  '0812',
  '0813',
  '0821',
  '0822',
  '0852',
  '0853',
  '0857',
  '0858',
  '0877',
  '0878',
  '0895',
  '0896',
  '0881',
  '0838',
];

export type ChannelCode = 'tokopedia' | 'shopee';

export const PAYMENT_METHODS: Record<ChannelCode, readonly (readonly [string, number])[]> = {
  tokopedia: [
    ['Saldo Tokopedia', 2],
    ['BCA Virtual Account', 4],
    ['Mandiri Virtual Account', 2],
    ['GoPay', 4],
    ['GoPay Later', 2],
    ['Kartu Kredit', 1],
    ['Indomaret', 1],
  ],
  shopee: [
    ['ShopeePay', 5],
    ['SPayLater', 3],
    ['COD', 3],
    ['Transfer Bank', 3],
    ['Kartu Kredit', 1],
    ['Alfamart', 1],
  ],
};

export type Courier = { name: string; code: string };

export const COURIERS: Record<ChannelCode, readonly (readonly [Courier, number])[]> = {
  tokopedia: [
    [{ name: 'JNE Reguler', code: 'JNE' }, 5],
    [{ name: 'J&T Express', code: 'JT' }, 4],
    [{ name: 'SiCepat REG', code: 'SCP' }, 4],
    [{ name: 'AnterAja Reguler', code: 'AA' }, 2],
    [{ name: 'GoSend Instant', code: 'GK' }, 1],
    [{ name: 'TIKI Reguler', code: 'TK' }, 1],
  ],
  shopee: [
    [{ name: 'SPX Standard', code: 'SPXID' }, 6],
    [{ name: 'J&T Express', code: 'JT' }, 3],
    [{ name: 'JNE Reguler', code: 'JNE' }, 2],
    [{ name: 'SiCepat REG', code: 'SCP' }, 2],
    [{ name: 'GrabExpress Instant', code: 'GRB' }, 1],
  ],
};

export const RETURN_NOTES: readonly string[] = [
  'Barang rusak saat diterima',
  'Salah kirim varian',
  'Tidak sesuai deskripsi',
  'Kemasan penyok',
  'Jumlah kurang',
  'Pembeli berubah pikiran',
];

export type CategorySeed = {
  name: string;
  children: readonly {
    name: string;
    types: readonly string[];
    /** Selling price range in rupiah. */
    price: readonly [number, number];
    /** Weight range in grams. */
    weight: readonly [number, number];
  }[];
};

export type BrandSeed = {
  name: string;
  code: string;
  city: string;
  address: string;
  telephone: string;
  modifiers: readonly string[];
  sizes: readonly string[];
  categories: readonly CategorySeed[];
};

export const BRANDS: readonly BrandSeed[] = [
  {
    name: 'Nusantara Home',
    code: 'NH',
    city: 'Jakarta',
    address: 'Jl. Gatot Subroto Kav. 21, Jakarta Selatan',
    telephone: '0215201234',
    modifiers: [
      'Premium',
      'Minimalis',
      'Klasik',
      'Motif Batik',
      'Nordic',
      'Bambu',
      'Keramik',
      'Stainless',
      'Rotan',
      'Jati',
    ],
    sizes: ['Putih', 'Hitam', 'Abu-abu', 'Krem', 'Hijau Sage', 'Biru Navy', 'Cokelat', 'Terakota'],
    categories: [
      {
        name: 'Dapur',
        children: [
          {
            name: 'Peralatan Masak',
            types: ['Wajan', 'Panci', 'Teflon', 'Spatula Set'],
            price: [45000, 450000],
            weight: [300, 2500],
          },
          {
            name: 'Peralatan Makan',
            types: ['Piring', 'Mangkuk', 'Sendok Garpu Set', 'Gelas'],
            price: [25000, 250000],
            weight: [200, 1500],
          },
          {
            name: 'Penyimpanan',
            types: ['Toples', 'Kotak Makan', 'Rak Bumbu'],
            price: [20000, 180000],
            weight: [150, 1200],
          },
        ],
      },
      {
        name: 'Kamar Tidur',
        children: [
          {
            name: 'Sprei',
            types: ['Sprei Katun', 'Sprei Microtex'],
            price: [120000, 550000],
            weight: [800, 2000],
          },
          {
            name: 'Bantal & Guling',
            types: ['Bantal', 'Guling'],
            price: [60000, 250000],
            weight: [600, 1500],
          },
          { name: 'Selimut', types: ['Selimut', 'Bed Cover'], price: [150000, 750000], weight: [1000, 3000] },
        ],
      },
      {
        name: 'Dekorasi',
        children: [
          {
            name: 'Lampu',
            types: ['Lampu Meja', 'Lampu Gantung', 'Lampu Tidur'],
            price: [80000, 650000],
            weight: [500, 3000],
          },
          {
            name: 'Vas & Pot',
            types: ['Vas Bunga', 'Pot Tanaman'],
            price: [35000, 300000],
            weight: [400, 2500],
          },
          { name: 'Jam Dinding', types: ['Jam Dinding'], price: [65000, 350000], weight: [500, 1500] },
        ],
      },
      {
        name: 'Kamar Mandi',
        children: [
          {
            name: 'Handuk',
            types: ['Handuk Mandi', 'Handuk Wajah'],
            price: [30000, 180000],
            weight: [200, 900],
          },
          {
            name: 'Aksesoris Kamar Mandi',
            types: ['Keset', 'Rak Sabun', 'Tempat Sikat Gigi'],
            price: [20000, 200000],
            weight: [150, 1500],
          },
        ],
      },
    ],
  },
  {
    name: 'Sari Beauty',
    code: 'SB',
    city: 'Bandung',
    address: 'Jl. Ir. H. Juanda No. 88, Bandung',
    telephone: '0222501234',
    modifiers: [
      'Vitamin C',
      'Niacinamide',
      'Hyaluronic',
      'Centella',
      'Aloe Vera',
      'Green Tea',
      'Rose',
      'Charcoal',
      'Collagen',
      'Ceramide',
    ],
    sizes: ['15 ml', '30 ml', '50 ml', '100 ml', '250 ml', 'Travel Size'],
    categories: [
      {
        name: 'Perawatan Wajah',
        children: [
          { name: 'Serum', types: ['Serum', 'Ampoule'], price: [55000, 250000], weight: [50, 150] },
          { name: 'Pelembap', types: ['Pelembap', 'Gel Cream'], price: [45000, 220000], weight: [60, 200] },
          {
            name: 'Pembersih Wajah',
            types: ['Facial Wash', 'Micellar Water', 'Cleansing Balm'],
            price: [30000, 160000],
            weight: [100, 300],
          },
          {
            name: 'Masker',
            types: ['Sheet Mask', 'Clay Mask', 'Sleeping Mask'],
            price: [15000, 150000],
            weight: [30, 200],
          },
        ],
      },
      {
        name: 'Perawatan Tubuh',
        children: [
          {
            name: 'Body Lotion',
            types: ['Body Lotion', 'Body Butter'],
            price: [35000, 180000],
            weight: [200, 500],
          },
          {
            name: 'Sabun & Scrub',
            types: ['Sabun Mandi Cair', 'Body Scrub'],
            price: [25000, 140000],
            weight: [200, 600],
          },
        ],
      },
      {
        name: 'Perawatan Rambut',
        children: [
          {
            name: 'Sampo',
            types: ['Sampo', 'Sampo Anti Ketombe'],
            price: [30000, 150000],
            weight: [200, 500],
          },
          {
            name: 'Kondisioner & Vitamin',
            types: ['Kondisioner', 'Hair Oil', 'Hair Mask'],
            price: [35000, 170000],
            weight: [100, 400],
          },
        ],
      },
      {
        name: 'Makeup',
        children: [
          {
            name: 'Bibir',
            types: ['Lip Cream', 'Lipstik', 'Lip Tint'],
            price: [40000, 180000],
            weight: [20, 80],
          },
          {
            name: 'Wajah',
            types: ['Cushion', 'Bedak Padat', 'Foundation'],
            price: [60000, 280000],
            weight: [40, 150],
          },
        ],
      },
    ],
  },
];

export const ROLE_NAMES = ['Administrator', 'Vendor', 'Brand', 'Key Account'] as const;

export const PERMISSION_RESOURCES: readonly string[] = [
  'brand',
  'vendor',
  'category',
  'user',
  'role',
  'gate-setting',
  'bank',
  'order',
  'invoice',
  'send-payment',
  'product',
  'stock',
  'customer',
  'dashboard',
];

export const PERMISSION_ACTIONS: readonly string[] = ['index', 'store', 'update', 'destroy'];

export const VENDOR_PERMISSIONS: readonly string[] = [
  'vendor.user.index',
  'vendor.role.index',
  'vendor.gate-setting.index',
];

/** The brand and vendor side's settings writes: administrators hold them, and grant them to brand and vendor roles. */
export const SETTINGS_WRITE_PERMISSIONS: readonly string[] = ['user', 'role', 'gate-setting'].flatMap(
  (resource) => ['store', 'update', 'destroy'].map((action) => `vendor.${resource}.${action}`),
);

/** The couriers of each channel on the Pengiriman settings (spec 001 §9). */
export const SHIPPING_METHOD_NAMES: readonly string[] = ['JNE', 'TIKI', 'SiCepat'];

export const BANK_NAMES: readonly string[] = ['BCA', 'Mandiri', 'BNI', 'BRI'];
