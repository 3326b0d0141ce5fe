// The `request string` span attribute: the request in protobuf text format, as the reference's
// request.String() prints it (compact, zero values omitted), e.g.
//   domain:"rl" descriptors:{entries:{key:"user" value:"alice"}} hits_addend:1
import type { RateLimitRequest } from '../rate-limit-types';

export function formatRequestText(request: RateLimitRequest): string {
  const parts: string[] = [];
  if (request.domain !== '') parts.push(`domain:${quote(request.domain)}`);
  for (const descriptor of request.descriptors) {
    const fields = descriptor.entries.map((entry) => {
      const entryFields: string[] = [];
      if (entry.key !== '') entryFields.push(`key:${quote(entry.key)}`);
      if (entry.value !== '') entryFields.push(`value:${quote(entry.value)}`);
      return `entries:{${entryFields.join(' ')}}`;
    });
    if (descriptor.limit !== undefined) {
      fields.push(
        `limit:{requests_per_unit:${descriptor.limit.requestsPerUnit} unit:${descriptor.limit.unit}}`,
      );
    }
    if (descriptor.hitsAddend !== undefined) fields.push(`hits_addend:{value:${descriptor.hitsAddend}}`);
    parts.push(`descriptors:{${fields.join(' ')}}`);
  }
  if (request.hitsAddend !== 0) parts.push(`hits_addend:${request.hitsAddend}`);
  return parts.join(' ');
}

function quote(text: string): string {
  return JSON.stringify(text);
}
