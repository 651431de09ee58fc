/** Error shapes shared by the HTTP/1.1 transports: status names, HTTP statuses, Google JSON errors. */
import { Code, type JsonObject, type RpcError } from '../../service.js';

/** The canonical status name of a code, e.g. PERMISSION_DENIED. */
export function statusName(code: Code): string {
  return Code[code] ?? 'UNKNOWN';
}

/** The HTTP status Google's JSON APIs answer with for a status code. */
export function httpStatus(code: Code): number {
  switch (code) {
    case Code.OK:
      return 200;
    case Code.CANCELLED:
      return 499;
    case Code.INVALID_ARGUMENT:
    case Code.FAILED_PRECONDITION:
    case Code.OUT_OF_RANGE:
      return 400;
    case Code.DEADLINE_EXCEEDED:
      return 504;
    case Code.NOT_FOUND:
      return 404;
    case Code.ALREADY_EXISTS:
    case Code.ABORTED:
      return 409;
    case Code.PERMISSION_DENIED:
      return 403;
    case Code.RESOURCE_EXHAUSTED:
      return 429;
    case Code.UNIMPLEMENTED:
      return 501;
    case Code.UNAVAILABLE:
      return 503;
    case Code.UNAUTHENTICATED:
      return 401;
    default:
      return 500;
  }
}

/** The `error` object of a Google JSON error, with the HTTP status as `code` (REST). */
export function googleJsonError(error: RpcError): JsonObject {
  return {
    error: { code: httpStatus(error.code), message: error.message, status: statusName(error.code) },
  };
}

/** The error a WebChannel stream carries: the RPC code, as the official backend sends it. */
export function rpcErrorJson(error: RpcError): JsonObject {
  return { code: error.code, message: error.message, status: statusName(error.code) };
}
