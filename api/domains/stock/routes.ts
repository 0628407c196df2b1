import { endpointGroup } from '../../http/endpoints';
import { importRows } from './import-routes';
import { ledgerRows } from './ledger-routes';
import { listRows } from './list-routes';
import { productRows } from './product-routes';

/** Catalogue, stock, imports and the ledger (docs/decisions/017), one group so an account's imports take turns. */
export const stockEndpoints = endpointGroup([...listRows, ...productRows, ...importRows, ...ledgerRows]);
