/** The /api contract shared by the gateway and the web app: constants, TypeBox schemas, and the table of operations. */
export * from './constants.ts';
export * from './schemas.ts';
export * from './operations.ts';
export * from './paths.ts';
