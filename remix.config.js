/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  serverDependenciesToBundle: [/^remix-utils/, /^remix-i18next/],
  tailwind: true,
  postcss: false,
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
};
