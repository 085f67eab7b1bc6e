export { errorOf, jsonCaller, readReply, waitForMatch, type JsonCall, type Reply } from './http.ts';
export { uniqueName } from './names.ts';
export { startFacebookGraph, type FacebookUser, type OwnFacebookGraph } from './facebook-graph.ts';
export { natsServerBin, startNatsServer, type OwnNatsServer } from './nats-server.ts';
export { freePort } from './ports.ts';
export { sigV4Problem, startS3Server, type OwnS3Server } from './s3-server.ts';
export { serviceTokenKeys } from './keys.ts';
export { runNodeScript, type NodeRun } from './run-node.ts';
