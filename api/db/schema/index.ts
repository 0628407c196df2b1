export * from './tenancy';
export * from './access';
export * from './commerce';
export * from './promotions';
