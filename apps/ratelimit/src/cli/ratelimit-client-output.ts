// What `ratelimit-client` prints for a response: the RateLimitResponse in proto3 JSON on one
// line (the same form as the service's POST /json body: lowerCamelCase names, enum names, zero
// values and empty lists omitted, durations as "58s", bytes as base64, Struct as plain JSON),
// and the exit code it maps to: 0 OK, 1 OVER_LIMIT, 2 anything else.

/** google.protobuf.Value as @grpc/proto-loader decodes it (oneofs: `kind` names the member). */
export interface ValueMessage {
  kind?: string;
  nullValue?: unknown;
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: StructMessage;
  listValue?: { values?: ValueMessage[] };
}

export interface StructMessage {
  fields?: Record<string, ValueMessage>;
}

interface HeaderMessage {
  key?: string;
  value?: string;
  rawValue?: Buffer;
}

interface StatusMessage {
  code?: string;
  currentLimit?: { requestsPerUnit?: number; unit?: string; name?: string };
  limitRemaining?: number;
  durationUntilReset?: { seconds?: number; nanos?: number };
}

/** A RateLimitResponse as the client decodes it (PROTO_LOADER_OPTIONS: unset = undefined). */
export interface ClientResponseMessage {
  overallCode?: string;
  statuses?: StatusMessage[];
  responseHeadersToAdd?: HeaderMessage[];
  requestHeadersToAdd?: HeaderMessage[];
  rawBody?: Buffer;
  dynamicMetadata?: StructMessage;
}

export function responseToJson(message: ClientResponseMessage): string {
  return JSON.stringify(
    compact({
      overallCode: message.overallCode,
      statuses: message.statuses?.map(statusToJson),
      responseHeadersToAdd: message.responseHeadersToAdd?.map(headerToJson),
      requestHeadersToAdd: message.requestHeadersToAdd?.map(headerToJson),
      rawBody: message.rawBody?.length ? message.rawBody.toString('base64') : undefined,
      dynamicMetadata: message.dynamicMetadata && structToJson(message.dynamicMetadata),
    }),
  );
}

/** 0 when the request is allowed, 1 when over limit, 2 for an answer without a decision. */
export function exitCodeFor(overallCode: string | undefined): number {
  if (overallCode === 'OK') return 0;
  if (overallCode === 'OVER_LIMIT') return 1;
  return 2;
}

function statusToJson(status: StatusMessage): Record<string, unknown> {
  return compact({
    code: status.code,
    currentLimit: status.currentLimit && compact({ ...status.currentLimit }),
    limitRemaining: status.limitRemaining,
    durationUntilReset: status.durationUntilReset && durationToJson(status.durationUntilReset),
  });
}

function headerToJson(header: HeaderMessage): Record<string, unknown> {
  return compact({
    key: header.key,
    value: header.value,
    rawValue: header.rawValue?.length ? header.rawValue.toString('base64') : undefined,
  });
}

/** proto3 JSON Duration: seconds with 0, 3, 6 or 9 fractional digits and an `s`. */
export function durationToJson(duration: { seconds?: number; nanos?: number }): string {
  const seconds = duration.seconds ?? 0;
  const nanos = Math.abs(duration.nanos ?? 0);
  if (nanos === 0) return `${seconds}s`;
  const sign = seconds === 0 && (duration.nanos ?? 0) < 0 ? '-' : '';
  let fraction = String(nanos).padStart(9, '0');
  while (fraction.endsWith('000')) fraction = fraction.slice(0, -3);
  return `${sign}${seconds}.${fraction}s`;
}

export function structToJson(struct: StructMessage): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(struct.fields ?? {})) json[key] = valueToJson(value);
  return json;
}

function valueToJson(value: ValueMessage): unknown {
  switch (value.kind) {
    case 'numberValue':
      return value.numberValue ?? 0;
    case 'stringValue':
      return value.stringValue ?? '';
    case 'boolValue':
      return value.boolValue ?? false;
    case 'structValue':
      return structToJson(value.structValue ?? {});
    case 'listValue':
      return (value.listValue?.values ?? []).map(valueToJson);
    default:
      return null;
  }
}

/** Drops what proto3 JSON omits: unset fields, zero numbers, empty strings and empty lists. */
function compact(object: Record<string, unknown>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || value === 0 || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    json[key] = value;
  }
  return json;
}
