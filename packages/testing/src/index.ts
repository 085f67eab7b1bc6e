export { errorOf, jsonCaller, readReply, waitForMatch, type JsonCall, type Reply } from './http.ts';
export { uniqueName } from './names.ts';
