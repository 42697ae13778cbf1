// kube/quantity.ts: quantities read as resource.ParseQuantity reads them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareQuantities, milliValue, parseQuantity, wholeValue, type Quantity } from '../../../server/src/service/kube/quantity';

function nanos(text: string | number): bigint {
  const result = parseQuantity(text);
  assert.ok(result && result.ok, `${text} should parse`);
  return result.quantity.nanos;
}

function quantity(text: string | number): Quantity {
  const result = parseQuantity(text);
  assert.ok(result && result.ok);
  return result.quantity;
}

describe('parseQuantity', () => {
  const exact: [string | number, bigint][] = [
    ['0', 0n], ['1', 1_000_000_000n], ['100m', 100_000_000n], ['0.5', 500_000_000n], [0.5, 500_000_000n], [2, 2_000_000_000n],
    ['1Ki', 1024n * 1_000_000_000n], ['1.5Gi', 1610612736n * 1_000_000_000n], ['1k', 1000n * 1_000_000_000n],
    ['1e3', 1000n * 1_000_000_000n], ['1E3', 1000n * 1_000_000_000n], ['1e+3', 1000n * 1_000_000_000n], ['1E', 10n ** 18n * 1_000_000_000n],
    ['5n', 5n], ['1u', 1000n], ['-1', -1_000_000_000n], ['+1', 1_000_000_000n], [' 2 ', 2_000_000_000n], ['1.', 1_000_000_000n], ['.5', 500_000_000n],
    // Rounded up to 1n, as the server rounds non-zero values.
    ['0.1n', 1n], ['1.0000000001', 1_000_000_001n],
  ];
  for (const [text, expected] of exact) {
    it(`reads ${JSON.stringify(text)}`, () => assert.equal(nanos(text), expected));
  }

  const malformed = ['', 'abc', '1 m', '1.5.5', '1K', '1ki', '1e', '1Mi3', '--1', '1m1'];
  for (const text of malformed) {
    it(`refuses ${JSON.stringify(text)}`, () => {
      const result = parseQuantity(text);
      assert.ok(result && !result.ok, `${text} should not parse`);
    });
  }

  it('is undefined for values that are not strings or numbers', () => {
    assert.equal(parseQuantity(true), undefined);
    assert.equal(parseQuantity({}), undefined);
  });

  it('compares exactly across suffixes', () => {
    assert.equal(compareQuantities(quantity('1Gi'), quantity('1073741824')), 0);
    assert.equal(compareQuantities(quantity('1G'), quantity('1Gi')), -1);
    assert.equal(compareQuantities(quantity('500m'), quantity(0.5)), 0);
    assert.equal(compareQuantities(quantity('1001m'), quantity('1')), 1);
  });

  it('milli and whole values round up', () => {
    assert.equal(milliValue(quantity('1n')), 1n);
    assert.equal(wholeValue(quantity('1.5')), 2n);
    assert.equal(wholeValue(quantity('2Mi')), 2097152n);
  });

  it('caps huge decimal values at MaxInt64, but not exponent forms', () => {
    assert.equal(nanos('99999999999999999999'), ((1n << 63n) - 1n) * 1_000_000_000n);
    assert.equal(nanos('1e20'), 10n ** 20n * 1_000_000_000n);
  });
});
