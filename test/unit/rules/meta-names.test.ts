// kube/names.ts: the server's name rules and their messages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cIdentifierServerMessages, dns1123LabelProblems, dns1123LabelServerMessages, dns1123SubdomainServerMessages,
  envVarNameProblems, envVarNameServerMessages, generatedNameFor, maskTrailingDash, portNameServerMessages,
  qualifiedNameServerMessages, relaxedEnvVarNames,
} from '../../../server/src/service/kube/names';

describe('names', () => {
  it('DNS-1123 label: the dot message only for otherwise valid subdomains, as the server', () => {
    assert.deepEqual(dns1123LabelServerMessages('a.b'), ['must not contain dots']);
    assert.match(dns1123LabelServerMessages('A.b')[0], /^a lowercase RFC 1123 label/);
    assert.deepEqual(dns1123LabelProblems('a.b'), ['it contains a dot']);
    assert.deepEqual(dns1123LabelServerMessages('a'.repeat(63)), []);
    assert.deepEqual(dns1123LabelServerMessages('a'.repeat(64)), ['must be no more than 63 characters']);
  });

  it('DNS-1123 subdomain: 253 characters at most', () => {
    assert.deepEqual(dns1123SubdomainServerMessages('a'.repeat(253)), []);
    assert.deepEqual(dns1123SubdomainServerMessages('a'.repeat(254)), ['must be no more than 253 characters']);
  });

  it('qualified names: prefix and name parts', () => {
    assert.deepEqual(qualifiedNameServerMessages('example.com/app'), []);
    assert.deepEqual(qualifiedNameServerMessages('/app').slice(0, 1), ['prefix part must be non-empty']);
    assert.equal(qualifiedNameServerMessages('app/').length, 2); // empty name: non-empty and regex messages
    assert.equal(qualifiedNameServerMessages('a/b/c').length, 1);
  });

  it('env var names: strict until 1.31, relaxed from 1.32', () => {
    assert.equal(relaxedEnvVarNames(31), false);
    assert.equal(relaxedEnvVarNames(32), true);
    assert.deepEqual(envVarNameServerMessages('MY_VAR.x-1', false), []);
    assert.equal(envVarNameServerMessages('1VAR', false).length, 1);
    assert.deepEqual(envVarNameServerMessages('..x', false), ["must not start with '..'"]);
    assert.deepEqual(envVarNameServerMessages('1 VAR:x', true), []);
    assert.deepEqual(envVarNameServerMessages('A=B', true), ["a valid environment variable name must consist only of printable ASCII characters other than '='"]);
    assert.deepEqual(envVarNameServerMessages('café', true).length, 1);
    assert.deepEqual(envVarNameProblems('', true), ['it is empty']);
  });

  it('C identifiers and port names', () => {
    assert.deepEqual(cIdentifierServerMessages('my_name'), []);
    assert.equal(cIdentifierServerMessages('my-name').length, 1);
    assert.deepEqual(portNameServerMessages('http'), []);
    assert.deepEqual(portNameServerMessages('a'.repeat(15)), []);
    assert.deepEqual(portNameServerMessages('a'.repeat(16)), ['must be no more than 15 characters']);
    assert.deepEqual(portNameServerMessages('8080'), ['must contain at least one letter (a-z)']);
    assert.deepEqual(portNameServerMessages('a--b'), ['must not contain consecutive hyphens']);
    assert.deepEqual(portNameServerMessages('-ab'), ['must not begin or end with a hyphen']);
  });

  it('generateName: trailing dash masked as apimachinery does, base cut at 58', () => {
    assert.equal(maskTrailingDash('my-job-'), 'my-joa');
    assert.equal(maskTrailingDash('a.-'), 'aa');
    assert.equal(maskTrailingDash('-'), '-');
    assert.equal(generatedNameFor('x'.repeat(70)).length, 63);
  });
});
