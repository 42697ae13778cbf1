// kube/names.ts: the server's name rules and their messages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  cIdentifierServerMessages, dns1123LabelProblems, dns1123LabelServerMessages, dns1123SubdomainServerMessages,
  envVarNameProblems, envVarNameServerMessages, generatedNameFor, maskTrailingDash, portNameServerMessages,
  qualifiedNameServerMessages, relaxedEnvVarNames,
} from '../../../server/src/service/kube/names';

describe('names', () => {
  it('quotes the server\'s regex messages character for character, examples included', () => {
    // apimachinery's RegexError: each example ends in "', ", and " or " comes before the next one.
    assert.deepEqual(dns1123LabelServerMessages('My_Name'), [
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    assert.deepEqual(dns1123SubdomainServerMessages('Example.com'), [
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]);
  });

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
    assert.deepEqual(qualifiedNameServerMessages('/app'), ['prefix part must be non-empty']);
    // empty name: the non-empty message, then the regex message
    const emptyName = qualifiedNameServerMessages('app/');
    assert.equal(emptyName.length, 2);
    assert.equal(emptyName[0], 'name part must be non-empty');
    assert.match(emptyName[1], /^name part must consist of alphanumeric characters, '-', '_' or '\.', and must start and end with an alphanumeric character \(e\.g\. .*regex used for validation is '\(\[A-Za-z0-9\]\[-A-Za-z0-9_\.\]\*\)\?\[A-Za-z0-9\]'\)$/);
    const twoSlashes = qualifiedNameServerMessages('a/b/c');
    assert.equal(twoSlashes.length, 1);
    assert.match(twoSlashes[0], /must consist of alphanumeric characters, .* with an optional DNS subdomain prefix and '\/' \(e\.g\. 'example\.com\/MyName'\)$/);
  });

  it('env var names: strict until 1.31, relaxed from 1.32', () => {
    assert.equal(relaxedEnvVarNames(31), false);
    assert.equal(relaxedEnvVarNames(32), true);
    assert.deepEqual(envVarNameServerMessages('MY_VAR.x-1', false), []);
    const leadingDigit = envVarNameServerMessages('1VAR', false);
    assert.equal(leadingDigit.length, 1);
    assert.match(leadingDigit[0], /^a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '\.', and must not start with a digit \(e\.g\. .*regex used for validation is '\[-\._a-zA-Z\]\[-\._a-zA-Z0-9\]\*'\)$/);
    assert.deepEqual(envVarNameServerMessages('..x', false), ["must not start with '..'"]);
    assert.deepEqual(envVarNameServerMessages('1 VAR:x', true), []);
    assert.deepEqual(envVarNameServerMessages('A=B', true), ["a valid environment variable name must consist only of printable ASCII characters other than '='"]);
    assert.deepEqual(envVarNameServerMessages('café', true), ["a valid environment variable name must consist only of printable ASCII characters other than '='"]);
    assert.deepEqual(envVarNameProblems('', true), ['it is empty']);
  });

  it('C identifiers and port names', () => {
    assert.deepEqual(cIdentifierServerMessages('my_name'), []);
    const dash = cIdentifierServerMessages('my-name');
    assert.equal(dash.length, 1);
    assert.match(dash[0], /^a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' \(e\.g\. .*regex used for validation is '\[A-Za-z_\]\[A-Za-z0-9_\]\*'\)$/);
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
    assert.equal(generatedNameFor('a'.repeat(70)), `${'a'.repeat(58)}xxxxx`); // 58 of the base + 5 stand-ins for the random suffix
  });
});
