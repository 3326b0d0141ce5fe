// Paths other than PULLSTATS_PATH answer as the reference's Go listener does (http.NotFound),
// rather than with Nest's JSON error body.
import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

@Catch(NotFoundException)
export class PlainNotFoundFilter implements ExceptionFilter {
  catch(_error: NotFoundException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('404 page not found\n');
  }
}
