import { timestampDate, type Timestamp } from '@brokerwise/proto';

/** A protobuf timestamp as a Date; undefined when unset. */
export const timestampToDate = (t: Timestamp | undefined): Date | undefined => (t ? timestampDate(t) : undefined);
