import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { RequestOptions } from '@repo/endpoint';
import { badRequestAnswer } from '../common/bad-request-answer';
import { buildRequestOptions } from '../common/build-request-options';
import { parseJsonText } from '../common/parse-json-text';
import { parsePlaygroundInput } from '../common/parse-playground-input';
import { PlaygroundInputError } from '../common/playground-input-error';

/**
 * POST /api/endpoint: the server twin of the page. The body arrives as raw text (see
 * createPlaygroundApp) so that every bad body, unparsable JSON included, gets the same
 * 400 answer with a message pointing at the problem.
 */
@Controller('api')
export class PlaygroundController {
  @Post('endpoint')
  @HttpCode(200)
  endpoint(@Body() body: unknown): RequestOptions {
    try {
      const text = typeof body === 'string' ? body : '';
      if (text.trim() === '') {
        throw new PlaygroundInputError(
          'The request body is empty: send a JSON object such as {"route": "GET /users/{username}", "parameters": {"username": "octocat"}}',
        );
      }
      return buildRequestOptions(parsePlaygroundInput(parseJsonText(text, 'The request body')));
    } catch (error) {
      if (error instanceof PlaygroundInputError) {
        throw new BadRequestException(badRequestAnswer(error.message), { cause: error });
      }
      throw error;
    }
  }
}
