/** The /api contract shared by the gateway and the web app: constants, TypeBox schemas, and the table of operations. */
export * from './constants.ts';
export * from './schemas.ts';
export * from './operations.ts';
// Each operation's id, method and path: `import * as ops from '@brokerwise/api-contract/paths'` (one export per operation).
export type { OperationMethod, OperationPath, OperationRef } from './paths.ts';
