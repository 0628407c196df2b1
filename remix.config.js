/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  serverDependenciesToBundle: [/^remix-utils/, /^remix-i18next/],
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
