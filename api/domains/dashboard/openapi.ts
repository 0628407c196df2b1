import type { Operation } from '../../http/openapi-types';

export const dashboardOperations: Operation[] = [];
