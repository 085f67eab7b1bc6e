export { uniqueName } from './names.ts';
