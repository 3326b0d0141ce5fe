import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { BodyTooLargeError, readBody, routeTable, sendJson, type Route } from './http-listener';

function request(method: string, chunks: string[] = []) {
  const emitter = Object.assign(new EventEmitter(), { method, isDestroyed: false });
  const destroy = () => {
    emitter.isDestroyed = true;
  };
  const sut = Object.assign(emitter, { destroy }) as unknown as IncomingMessage & { isDestroyed: boolean };
  const send = () => {
    for (const chunk of chunks) if (!sut.isDestroyed) sut.emit('data', Buffer.from(chunk));
    if (!sut.isDestroyed) sut.emit('end');
  };
  return { sut, send };
}

/** A response that keeps what was written. */
function response() {
  const written = { statusCode: 0, headers: {} as OutgoingHttpHeaders, body: '' };
  const fake = {
    writeHead: (statusCode: number, headers: OutgoingHttpHeaders) =>
      Object.assign(written, { statusCode, headers }),
    end: (body: string) => (written.body = body),
  };
  return { fake: fake as unknown as ServerResponse, written };
}

describe(routeTable.name, () => {
  const answer =
    (name: string): Route =>
    (_request, res) =>
      sendJson(res, 200, name);
  const sut = routeTable(
    { 'GET /metrics': answer('get'), '/stats': answer('any method'), 'POST /stats': answer('post') },
    answer('fallback'),
  );
  const route = (method: string, url: string) => {
    const { fake, written } = response();
    void sut(request(method).sut, fake, new URL(url, 'http://listener'));
    return written.body;
  };

  it('matches the method and exact path first, then the path for any method, else the fallback', () => {
    assert.deepEqual(
      [
        route('GET', '/metrics?x=1'),
        route('HEAD', '/metrics'),
        route('GET', '/metrics/'),
        route('PUT', '/stats'),
        route('POST', '/stats'),
        route('GET', '/constructor'),
      ],
      ['"get"\n', '"fallback"\n', '"fallback"\n', '"any method"\n', '"post"\n', '"fallback"\n'],
    );
  });

  it('reads a path from the settings as written, not as a pattern', () => {
    const table = routeTable({ 'GET /stats/:name': answer('literal') }, answer('fallback'));
    const { fake, written } = response();
    void table(request('GET').sut, fake, new URL('http://listener/stats/x'));
    assert.equal(written.body, '"fallback"\n');
  });
});

describe(sendJson.name, () => {
  it('writes the status, the JSON content type and one line of JSON', () => {
    const { fake, written } = response();
    sendJson(fake, 404, { error: 'no such route' });
    assert.deepEqual(written, {
      statusCode: 404,
      headers: { 'content-type': 'application/json' },
      body: '{"error":"no such route"}\n',
    });
  });
});

describe(readBody.name, () => {
  it('joins the chunks as UTF-8 text', async () => {
    const { sut, send } = request('POST', ['{"a":', '"é"}']);
    const body = readBody(sut, 100);
    send();
    assert.equal(await body, '{"a":"é"}');
  });

  it('takes a body of exactly the cap', async () => {
    const { sut, send } = request('POST', ['12345', '67890']);
    const body = readBody(sut, 10);
    send();
    assert.equal(await body, '1234567890');
  });

  it('refuses a body past the cap and closes the connection without reading the rest', async () => {
    const { sut, send } = request('POST', ['12345', '678901', 'more']);
    const body = readBody(sut, 10);
    send();
    await assert.rejects(body, new BodyTooLargeError('the body is larger than 10 bytes'));
    assert.equal(sut.isDestroyed, true);
  });
});
