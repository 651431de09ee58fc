/** A generic gRPC client for the emulator: @grpc/grpc-js with the google.firestore.v1 protos. */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

const require = createRequire(import.meta.url);
const PROTOS = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);

export type Msg = { [k: string]: unknown };
export interface FirestoreStub extends grpc.Client {
  [method: string]: unknown;
}
type StubClass = new (
  addr: string,
  creds: grpc.ChannelCredentials,
  options?: grpc.ChannelOptions,
) => FirestoreStub;

/** A google.firestore.v1.Firestore client for `hostAndPort` (plaintext). */
export function firestoreStub(hostAndPort: string, options?: grpc.ChannelOptions): FirestoreStub {
  const def = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [PROTOS],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    google: { firestore: { v1: { Firestore: StubClass } } };
  };
  return new pkg.google.firestore.v1.Firestore(
    hostAndPort,
    grpc.credentials.createInsecure(),
    options,
  );
}

type Unary = (
  req: Msg,
  md: grpc.Metadata,
  cb: (err: grpc.ServiceError | null, res: Msg) => void,
) => void;

/** Calls unary `method` (camelCase) with `metadata`; resolves with the response or rejects with the status. */
export function unaryCall(
  stub: FirestoreStub,
  method: string,
  req: Msg,
  metadata = new grpc.Metadata(),
): Promise<Msg> {
  return new Promise((resolve, reject) => {
    (stub[method] as Unary).call(stub, req, metadata, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}
