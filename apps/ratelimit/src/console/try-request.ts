// "Try a request": a /json request body, decided by the same service and answered exactly as
// /json answers it (status code and body). By default it only reads: every descriptor's hits are
// 0, so no counter moves; `?count=true` counts the hits as /json would.
import type { RateLimitDecision, RateLimitRequest } from '../rate-limit-types';
import { decisionToJson } from '../transport/http/decision-to-json';
import { jsonErrorAnswer } from '../transport/http/json-error-answer';
import { parseJsonRequest } from '../transport/http/parse-json-request';

export interface TryAnswer {
  readonly statusCode: number;
  readonly body: string;
}

export async function tryRequest(
  body: string,
  url: URL,
  decide: (request: RateLimitRequest) => Promise<RateLimitDecision>,
): Promise<TryAnswer> {
  try {
    const parsed = parseJsonRequest(body);
    const request = url.searchParams.get('count') === 'true' ? parsed : readOnly(parsed);
    const decision = await decide(request);
    return { statusCode: decision.overallCode === 'OVER_LIMIT' ? 429 : 200, body: decisionToJson(decision) };
  } catch (error) {
    return jsonErrorAnswer(error);
  }
}

function readOnly(request: RateLimitRequest): RateLimitRequest {
  return {
    ...request,
    descriptors: request.descriptors.map((descriptor) => ({ ...descriptor, hitsAddend: 0 })),
  };
}
