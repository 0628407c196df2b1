import type { Operation } from '../../http/openapi-types';

export const orderOperations: Operation[] = [];
