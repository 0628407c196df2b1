/**
 * Every upstream call the two spec documents list (spec 000 §7 and spec 001 §7), as method and path, with the
 * path parameters as the spec writes them. `{accept|reject}`-style alternatives are written out one by one.
 * Calls the spec names without a path ("paths not shown") are not here: there is nothing to hold them to.
 */
export type SpecCall = { method: 'get' | 'post' | 'put' | 'delete'; path: string; spec: '000' | '001' };

type Method = SpecCall['method'];

function calls(spec: SpecCall['spec'], rows: [Method | Method[], string][]): SpecCall[] {
  return rows.flatMap(([methods, path]) => [methods].flat().map((method) => ({ method, path, spec })));
}

const BRAND_WIDGETS = [
  'customer/card',
  'customer/card/new-customer',
  'customer/card/customer-regular',
  'customer/card/loyal-customer',
  'customer/chart/new-customer-period',
  'customer/chart/customer-regular-period',
  'customer/chart/loyal-customer-period',
  'customer/chart/customer-gender-period',
  'customer/chart/customer-payment-method',
  'customer/chart/customer-city',
  'customer/table/customer-city',
  'product/card/gross-margin',
  'product/card/sold-product',
  'product/card/in-stock-rate',
  'product/card/average-in-stock-rate',
  'product/card/average-run-rate',
  'product/card/average-weeks-of-supply',
  'product/chart/gross-margin-period',
  'product/chart/sold-product-period',
  'product/table/performance',
  'sales/card/order',
  'sales/card/order-product',
  'sales/card/gross-margin',
  'sales/card/invoice',
  'sales/card/average-sales-price',
  'sales/chart/invoice-period',
  'sales/chart/gross-margin-period',
  'sales/chart/order-product-period',
  'sales/chart/average-sales-price',
  'sales/table/invoice',
  'vendor/card/gross-margin',
  'vendor/card/sold-product',
  'vendor/card/average-in-stock-rate',
  'vendor/card/average-sla',
  'vendor/chart/gross-margin-period',
  'vendor/chart/sold-product-period',
  'vendor/table/performance',
];

/** The vendor side's own sales widgets (spec 000 §7: "vendor side: sales/table/order, card/new-order, chart/order-period"). */
const VENDOR_WIDGETS = ['sales/table/order', 'sales/card/new-order', 'sales/chart/order-period'];

const ACCESS_SCOPES = ['/api/brand/{brandId}', '/api/vendor/{vendorId}', '/api'];

export const SPEC_CALLS: readonly SpecCall[] = [
  ...calls('000', [
    ['post', '/oauth/token'],
    ['post', '/api/account/logout'],
    [['get', 'post'], '/api/account'],
    ['post', '/api/account/change-password'],
    ['post', '/api/account/change-brand'],
    ['post', '/api/forgot-password'],
    ['post', '/api/reset-password'],
    ['get', '/api/account/notification'],
    ['get', '/api/account/notification/read-one/{id}'],
    ['post', '/api/broadcasting/auth'],
    [['get', 'post'], '/api/brand'],
    [['get', 'put', 'delete'], '/api/brand/{id}'],
    ['get', '/api/select/brand'],
    [['get', 'post'], '/api/media'],
    ['get', '/api/media/{id}'],
    ['get', '/api/brand/{brandId}/channel'],
    ['get', '/api/brand/{brandId}/vendor'],
    ['get', '/api/brand/{brandId}/vendor/{id}'],
    [['get', 'post'], '/api/brand/{brandId}/category'],
    [['get', 'put', 'delete'], '/api/brand/{brandId}/category/{id}'],
    ['get', '/api/vendor/{vendorId}/invoice-offer-log'],
    ['get', '/api/vendor/{vendorId}/invoice-offer-log/{logId}'],
    ['put', '/api/vendor/{vendorId}/invoice-offer-log/{logId}/status/accept'],
    ['put', '/api/vendor/{vendorId}/invoice-offer-log/{logId}/status/reject'],
    ...BRAND_WIDGETS.map((widget): [Method, string] => ['get', `/api/brand/{brandId}/widget/${widget}`]),
    ...VENDOR_WIDGETS.map((widget): [Method, string] => ['get', `/api/vendor/{id}/widget/${widget}`]),
  ]),
  ...calls('001', [
    // Orders
    ['get', '/api/brand/{brand}/order'],
    ['get', '/api/brand/{brand}/order-product'],
    ['get', '/api/brand/{brand}/order/{id}'],
    ['put', '/api/brand/{brand}/order/{id}/replace-product'],
    ['put', '/api/brand/{brand}/order/{id}/change-vendor'],
    ['get', '/api/brand/{brand}/export/invoice'],
    ['get', '/api/brand/{brand}/export/order'],
    ['get', '/api/brand/{brand}/export/product-stock'],
    ['get', '/api/brand/{brand}/export/customer'],
    ['get', '/api/brand/{brand}/import-template/product-price'],
    ['post', '/api/brand/{brand}/import/product-price'],
    ['get', '/api/vendor/{vendor}/order'],
    ['get', '/api/vendor/{vendor}/order/{id}'],
    ['put', '/api/vendor/{vendor}/order/{id}/status/{nextStatus}'],
    ['get', '/api/vendor/{vendor}/export/order'],
    // Invoices and customers
    ['get', '/api/brand/{brandId}/invoice'],
    ['get', '/api/brand/{brandId}/invoice/{id}'],
    ['get', '/api/brand/{brandId}/customer'],
    // Vendor payments and banks
    [['get', 'post'], '/api/send-payment'],
    [['get', 'put', 'delete'], '/api/send-payment/{id}'],
    ['get', '/api/select/send-payment/order'],
    ['get', '/api/select/send-payment/history-account-name'],
    ['get', '/api/select/send-payment/history-account-number'],
    ['get', '/api/export/send-payment'],
    [['get', 'post'], '/api/bank'],
    [['get', 'put', 'delete'], '/api/bank/{id}'],
    ['get', '/api/select/bank'],
    // Marketplace products
    [['get', 'post'], '/api/brand/{brand}/tokopedia/product-commerce'],
    [['get', 'put', 'delete'], '/api/brand/{brand}/tokopedia/product-commerce/{id}'],
    ['put', '/api/brand/{brand}/tokopedia/product-commerce/{id}/set-inactive'],
    ['put', '/api/brand/{brand}/tokopedia/product-commerce/{id}/set-active'],
    ['get', '/api/brand/{brand}/channel-request-log/1/{id}'],
    ['get', '/api/brand/{brand}/tokopedia/import-template/product-price'],
    ['post', '/api/brand/{brand}/tokopedia/import/product-price'],
    ['get', '/api/brand/{brand}/tokopedia/category'],
    ['get', '/api/brand/{brand}/tokopedia/variant'],
    ['get', '/api/brand/{brand}/tokopedia/showcase'],
    [['get', 'post'], '/api/brand/{brand}/tokopedia/product'],
    ['get', '/api/brand/{brand}/tokopedia/v2/product/{id}'],
    ['get', '/api/brand/{brand}/tokopedia/v2/product/{id}/variant'],
    ['put', '/api/brand/{brand}/tokopedia/product/update'],
    ['post', '/api/brand/{brand}/tokopedia/product/delete'],
    ['post', '/api/brand/{brand}/tokopedia/product/status/set-inactive'],
    ['post', '/api/brand/{brand}/tokopedia/product/status/set-active'],
    // Brand products and stock
    [['get', 'post'], '/api/brand/{brand}/product'],
    [['get', 'put', 'delete'], '/api/brand/{brand}/product/{id}'],
    ['get', '/api/brand/{brand}/product-stock'],
    ['put', '/api/brand/{brand}/product/{id}/update-stock'],
    ['get', '/api/vendor/{vendor}/category'],
    ['get', '/api/vendor/{vendor}/category/{id}'],
    [['get', 'post'], '/api/vendor/{vendor}/product'],
    [['get', 'put', 'delete'], '/api/vendor/{vendor}/product/{id}'],
    ['post', '/api/vendor/{vendorId}/product-stock/import'],
    ['get', '/api/vendor/{vendorId}/import-template/current-product-stock'],
    ['put', '/api/vendor/{vendorId}/product-stock/update'],
    ['get', '/api/brand/{brandId}/sku-channel'],
    ['get', '/api/brand/{brandId}/sku-channel/{id}'],
    ['get', '/api/brand/{brandId}/update-stock-history/{id}'],
    // Settings: roles, gate settings and permissions, users, in each of the three scopes
    ...ACCESS_SCOPES.flatMap((scope): [Method | Method[], string][] => [
      [['get', 'post'], `${scope}/role`],
      [['get', 'put', 'delete'], `${scope}/role/{id}`],
      [['get', 'post'], `${scope}/gate-setting`],
      [['get', 'put', 'delete'], `${scope}/gate-setting/{id}`],
      ['get', `${scope}/permission`],
      ['get', `${scope}/user`],
      ['get', `${scope}/user/{id}`],
    ]),
    ['get', '/api/select/user'],
    ['post', '/api/user'],
    [['put', 'delete'], '/api/user/{id}'],
    [['get', 'post'], '/api/vendor'],
    [['get', 'post', 'delete'], '/api/vendor/{id}'],
    ['get', '/api/select/vendor'],
    ['get', '/api/import-template/vendor-area'],
    // Real time
    ['post', '/api/broadcasting/auth'],
  ]),
];

/**
 * Calls of the list the API leaves out on purpose, each with the decision record that says why: the test holds
 * them absent, so one added later comes off this list.
 */
export const CALLS_LEFT_OUT: Readonly<Record<string, string>> = {
  // The catalogue is the brand's; vendors only read it and keep their stock.
  'post /api/vendor/{vendor}/product': 'docs/decisions/017-stock-ledger-and-imports.md',
  'put /api/vendor/{vendor}/product/{id}': 'docs/decisions/017-stock-ledger-and-imports.md',
  'delete /api/vendor/{vendor}/product/{id}': 'docs/decisions/017-stock-ledger-and-imports.md',
};
