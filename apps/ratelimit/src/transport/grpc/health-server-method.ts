// grpc.health.v1.Health as the server runs it, with protobufjs (server-protos.ts). The handlers
// (health/grpc-health.controller.ts) read `request.service` and answer `{ status: 'SERVING' }`
// with the status's name, as they did with @grpc/proto-loader: the answer goes through
// fromObject, which turns the name into the enum's number. Health calls are rare, so the copy
// costs nothing that matters. Bytes that are not a valid HealthCheckRequest (truncated, a wrong
// wire type, invalid UTF-8 in `service`) reach the handlers as an UndecodableRequest, answered
// INVALID_ARGUMENT, as ShouldRateLimit's (rls-server-method.ts).
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import type { Type } from 'protobufjs';
import { HEALTH_SERVICE_NAME } from '../proto-paths';
import { strictDecoder } from './strict-decoder';
import { encodeMessage, packageOf, serverMessageType } from './server-protos';

/** The service definition grpc-js serves Check and Watch with. */
export function healthServerDefinition(): ServiceDefinition {
  const pkg = packageOf(HEALTH_SERVICE_NAME);
  const request = serverMessageType(`${pkg}.HealthCheckRequest`);
  const response = serverMessageType(`${pkg}.HealthCheckResponse`);
  const decode = strictDecoder(request);
  const method = (name: string, responseStream: boolean): MethodDefinition<object, object> => ({
    path: `/${HEALTH_SERVICE_NAME}/${name}`,
    requestStream: false,
    responseStream,
    originalName: name.charAt(0).toLowerCase() + name.slice(1),
    requestSerialize: (message) => encodeObject(request, message),
    requestDeserialize: decode,
    responseSerialize: (message) => encodeObject(response, message),
    responseDeserialize: (bytes) => response.toObject(response.decode(bytes), { enums: String }),
  });
  return { Check: method('Check', false), Watch: method('Watch', true) };
}

/** The handlers answer with enum names: fromObject turns them into numbers first. */
function encodeObject(type: Type, message: object): Buffer {
  return encodeMessage(type, type.fromObject(message));
}
