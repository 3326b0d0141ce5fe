// POST (any method) /json (docs/service.md): the same service as gRPC. 200 OK, 429 OVER_LIMIT,
// 400 for a malformed body or an invalid request, 503 when the store fails or no rules are
// loaded, each error with a JSON body `{statusCode, error, message}`. The body arrives as raw
// bytes (any content type, see create-app.ts), refused unless UTF-8, so JSON errors can be
// reported precisely.
import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import type { Span } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitService } from '../../ratelimit/ratelimit.service';
import { startJsonResponseSpan } from '../../tracing/trace-spans';
import { TRACER_HOLDER, type TracerHolder } from '../../tracing/tracer-holder';
import { decisionToJson } from './decision-to-json';
import { jsonErrorAnswer } from './json-error-answer';
import { jsonBodyText, parseJsonRequest } from './parse-json-request';

const JSON_TYPE = 'application/json';

@Controller()
export class JsonController {
  constructor(
    private readonly service: RateLimitService,
    @Inject(TRACER_HOLDER) private readonly tracing: TracerHolder,
  ) {}

  @All('json')
  async json(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    let statusCode: number;
    let body: string;
    let span: Span | undefined;
    try {
      const decision = await this.service.shouldRateLimit(
        parseJsonRequest(jsonBodyText(request.body as Buffer | undefined)),
      );
      statusCode = decision.overallCode === 'OVER_LIMIT' ? 429 : 200;
      body = decisionToJson(decision);
      const tracer = this.tracing.tracer; // undefined unless TRACING_ENABLED
      if (tracer !== undefined) span = startJsonResponseSpan(tracer, body);
    } catch (error) {
      ({ statusCode, body } = jsonErrorAnswer(error));
    }
    // A serializer for the ready-made text keeps Fastify from appending `; charset=utf-8`: the
    // reference answers plain `application/json`.
    await reply.code(statusCode).header('content-type', JSON_TYPE).serializer(sendAsIs).send(body);
    span?.end();
  }
}

const sendAsIs = (text: string): string => text;
