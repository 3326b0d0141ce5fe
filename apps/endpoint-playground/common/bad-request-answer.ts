/** The JSON body of every 400 answer of POST /api/endpoint (Nest's HttpException shape). */
export interface BadRequestAnswer {
  readonly statusCode: 400;
  readonly error: 'Bad Request';
  readonly message: string;
}

export function badRequestAnswer(message: string): BadRequestAnswer {
  return { statusCode: 400, error: 'Bad Request', message };
}
