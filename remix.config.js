/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  // leaflet: its stylesheet is imported for its URL, which only a bundled import gives the server build too.
  serverDependenciesToBundle: [/^remix-utils/, /^remix-i18next/, /^leaflet/],
  tailwind: true,
  postcss: false,
  browserNodeBuiltinsPolyfill: { modules: {} },
  // Lazy route discovery: a page carries the manifest of its own routes only, not all seventy (docs/decisions/021).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
