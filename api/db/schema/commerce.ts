export * from './catalogue';
export * from './invoices';
export * from './orders';
export * from './payments';
export * from './stock';
export * from './marketplace';
export * from './rollups';
