// One request to the debug listener with headers `fetch` will not send as given (Host, Origin,
// Sec-Fetch-*): what a browser on another site, or after DNS rebinding, would send.
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';

export interface DebugRequest {
  readonly method?: string;
  readonly path: string;
  readonly headers?: OutgoingHttpHeaders;
  readonly body?: string;
}

export interface DebugAnswer {
  readonly status: number;
  readonly text: string;
  readonly contentType: string | undefined;
  readonly retryAfter: string | undefined;
  readonly serverTiming: string | undefined;
}

export function debugRequest(port: number, options: DebugRequest): Promise<DebugAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            contentType: response.headers['content-type'],
            retryAfter: response.headers['retry-after'],
            serverTiming: response.headers['server-timing'] as string | undefined,
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}
