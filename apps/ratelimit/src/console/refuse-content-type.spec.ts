import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refuseContentType } from './refuse-content-type';

describe(refuseContentType.name, () => {
  it('takes application/json for try, with or without parameters, in any case', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON'])
      assert.equal(refuseContentType('try', type), undefined, type);
  });

  it('takes YAML or JSON for check', () => {
    assert.equal(refuseContentType('check', 'application/yaml'), undefined);
    assert.equal(refuseContentType('check', 'application/json'), undefined);
  });

  it('refuses what a cross-site form or no-cors fetch can send, and no content type', () => {
    assert.equal(
      refuseContentType('try', 'text/plain;charset=UTF-8'),
      'POST /console/api/try needs content-type application/json (got "text/plain;charset=UTF-8")',
    );
    assert.equal(
      refuseContentType('try', 'application/x-www-form-urlencoded'),
      'POST /console/api/try needs content-type application/json (got "application/x-www-form-urlencoded")',
    );
    assert.equal(
      refuseContentType('check', 'multipart/form-data; boundary=x'),
      'POST /console/api/check needs content-type application/yaml or application/json (got "multipart/form-data; boundary=x")',
    );
    assert.equal(
      refuseContentType('check', undefined),
      'POST /console/api/check needs content-type application/yaml or application/json (got none)',
    );
  });

  it('leaves routes without a body rule to the router (it answers 404)', () => {
    assert.equal(refuseContentType('nothing', 'text/plain'), undefined);
  });
});
