import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { PassThrough } from 'node:stream';
import { BodyTooLargeError, readBodyText, routeTable, sendJson, type Route } from './http-listener';

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

/** A request whose body is `chunks`, written once send() is called (a real stream). */
function bodyRequest(chunks: string[]) {
  const sut = Object.assign(new PassThrough(), { headers: {} }) as unknown as IncomingMessage & PassThrough;
  const send = () => {
    for (const chunk of chunks) if (!sut.destroyed) sut.write(Buffer.from(chunk));
    if (!sut.destroyed) sut.end();
  };
  return { sut, send };
}

describe(readBodyText.name, () => {
  it('joins the chunks as UTF-8 text', async () => {
    const { sut, send } = bodyRequest(['{"a":', '"é"}']);
    const body = readBodyText(sut, 100);
    send();
    assert.equal(await body, '{"a":"é"}');
  });

  it('takes a body of exactly the cap', async () => {
    const { sut, send } = bodyRequest(['12345', '67890']);
    const body = readBodyText(sut, 10);
    send();
    assert.equal(await body, '1234567890');
  });

  it('refuses a body past the cap and closes the connection without reading the rest', async () => {
    const { sut, send } = bodyRequest(['12345', '678901', 'more']);
    const body = readBodyText(sut, 10);
    send();
    await assert.rejects(body, new BodyTooLargeError('the body is larger than 10 bytes'));
    assert.equal(sut.destroyed, true);
  });

  it('rejects when the request ends before its body', async () => {
    const { sut } = bodyRequest([]);
    const body = readBodyText(sut, 10);
    sut.write('12');
    sut.destroy();
    await assert.rejects(body, new Error('the request body was not read: ended'));
  });
});
