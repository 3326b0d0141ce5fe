import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sanitizeStatName } from './sanitize-stat-name';

describe(sanitizeStatName.name, () => {
  it('":" and "|" become "_"', () => {
    assert.equal(sanitizeStatName('domain.key_a:b|c'), 'domain.key_a_b_c');
    assert.equal(sanitizeStatName('d.host_example.com:8080'), 'd.host_example.com_8080');
  });

  it('the dots of an IPv4 address become "_", also right after "_" as in stats keys', () => {
    assert.equal(sanitizeStatName('domain.remote_address_10.0.0.1'), 'domain.remote_address_10_0_0_1');
    assert.equal(sanitizeStatName('d.ip_192.168.1.254.path'), 'd.ip_192_168_1_254.path');
    assert.equal(sanitizeStatName('1.2.3.4'), '1_2_3_4');
  });

  it('"*" and "/" are kept', () => {
    assert.equal(
      sanitizeStatName('test-domain.service_svc/*.endpoint_get'),
      'test-domain.service_svc/*.endpoint_get',
    );
    assert.equal(
      sanitizeStatName('d.masked_remote_address_1.2.3.4/32'),
      'd.masked_remote_address_1_2_3_4/32',
    );
  });

  it('dotted names that are not IPv4 literals keep their dots', () => {
    assert.equal(sanitizeStatName('rl.key1_value1.subkey1'), 'rl.key1_value1.subkey1');
    assert.equal(sanitizeStatName('d.version_1.2.3'), 'd.version_1.2.3');
  });

  it('like the reference regexp: the first 1-3 digit groups that form four parts, leftmost first', () => {
    assert.equal(sanitizeStatName('d.k_1.2.3.4.5'), 'd.k_1_2_3_4.5');
    assert.equal(sanitizeStatName('d.k_1234.5.6.7'), 'd.k_1234_5_6_7');
  });

  it('both rules together: "a:b_10.1.2.3|x"', () => {
    assert.equal(sanitizeStatName('a:b_10.1.2.3|x'), 'a_b_10_1_2_3_x');
  });
});
