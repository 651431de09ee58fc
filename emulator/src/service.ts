/**
 * The contract between the engine and its three transports (gRPC, WebChannel, REST).
 *
 * Every request and response is a google.firestore.v1 message as a plain object in the
 * proto3 JSON mapping (the form REST and WebChannel carry on the wire): lowerCamelCase
 * field names, int64 as decimal strings, Timestamps as RFC 3339 strings, bytes as base64,
 * enums as names, wrapper types (Int32Value) as bare numbers, FieldMask as {fieldPaths}.
 * The gRPC transport converts protobuf <-> this form; the JSON transports pass it through.
 */

/** A JSON value as carried by the proto3 JSON mapping. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** gRPC status codes (google.rpc.Code). */
export enum Code {
  OK = 0,
  CANCELLED = 1,
  UNKNOWN = 2,
  INVALID_ARGUMENT = 3,
  DEADLINE_EXCEEDED = 4,
  NOT_FOUND = 5,
  ALREADY_EXISTS = 6,
  PERMISSION_DENIED = 7,
  RESOURCE_EXHAUSTED = 8,
  FAILED_PRECONDITION = 9,
  ABORTED = 10,
  OUT_OF_RANGE = 11,
  UNIMPLEMENTED = 12,
  INTERNAL = 13,
  UNAVAILABLE = 14,
  DATA_LOSS = 15,
  UNAUTHENTICATED = 16,
}

/** An error every transport maps to its own status form (gRPC trailers, HTTP status + Google JSON error). */
export class RpcError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/**
 * A repeated field of a request in the proto3 JSON form: absent is empty; anything but an array
 * (a REST or WebChannel body with `"writes": 5`) is the client's INVALID_ARGUMENT.
 */
export function repeatedField(value: Json | undefined, field: string): Json[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new RpcError(Code.INVALID_ARGUMENT, `Invalid value at '${field}': expected a list.`);
  }
  return value;
}

/** Who is calling: the admin SDK / `Bearer owner` bypasses rules; others are evaluated by the rules. */
export type Caller =
  | { kind: 'owner' }
  | { kind: 'anonymous' }
  | { kind: 'user'; uid: string; token: { [claim: string]: Json } };

export interface CallContext {
  /** Project and database the request addresses (from the resource names / `database` param). */
  projectId: string;
  databaseId: string;
  caller: Caller;
  /**
   * The App Check token the client sent (`X-Firebase-AppCheck`: an HTTP header, gRPC metadata, or a
   * header of a WebChannel session's first request), undefined when none. The engine judges it.
   */
  appCheckToken?: string;
  /** A bulk load (fixture imports): its commits run no Firestore triggers. */
  noTriggers?: boolean;
}

export type UnaryMethod =
  | 'GetDocument'
  | 'ListDocuments'
  | 'CreateDocument'
  | 'UpdateDocument'
  | 'DeleteDocument'
  | 'Commit'
  | 'BatchWrite'
  | 'BeginTransaction'
  | 'Rollback'
  | 'ListCollectionIds'
  | 'PartitionQuery';

export type ServerStreamMethod = 'BatchGetDocuments' | 'RunQuery' | 'RunAggregationQuery';
export type BidiStreamMethod = 'Listen' | 'Write';

/** The transport's side of a bidirectional stream, handed to the engine. */
export interface StreamPeer {
  /** Sends one response message to the client. */
  send(message: JsonObject): void;
  /** Ends the stream; with an error the client sees that status. */
  end(error?: RpcError): void;
}

/** The engine's side of a bidirectional stream, handed back to the transport. */
export interface StreamHandler {
  /** One request message from the client. */
  onMessage(message: JsonObject): void;
  /** The client went away (or the transport shut down): release listeners and timers. */
  onClose(): void;
}

export interface FirestoreService {
  unary(method: UnaryMethod, request: JsonObject, ctx: CallContext): Promise<JsonObject>;
  /** Calls `emit` for each response message, then resolves; rejects with RpcError. */
  serverStream(
    method: ServerStreamMethod,
    request: JsonObject,
    ctx: CallContext,
    emit: (message: JsonObject) => void,
  ): Promise<void>;
  openStream(method: BidiStreamMethod, ctx: CallContext, peer: StreamPeer): StreamHandler;
}
