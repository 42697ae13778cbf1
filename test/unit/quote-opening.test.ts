// Where a quoted scalar opens on a line (document/quoteOpening.ts, for go-yaml's leniency): the linear reading gives
// the pattern's answer on every line, and a line of thousands of sequence indicators no longer takes the pattern's
// quadratic backtracking (a fuzzed Helm template of 21 KB took 2 s to check and 1 s per completion).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OPENING, quoteOpening, quoteOpeningScan } from '../../server/src/service/document/quoteOpening';
import { runBounded } from '../support/bounded';
import { random } from '../support/fuzz';

function byPattern(line: string): { quote: string; bodyStart: number } | undefined {
  const match = OPENING.exec(line);
  return match ? { quote: match[1], bodyStart: match[0].length } : undefined;
}

const PIECES = ['-', ' ', '\t', ':', "'", '"', '#', 'a', 'b', '\\', '\r', '\u2028', '\ufeff', '\u00a0', '- ', '-\t', ': ', ': "', ": '", "''", '\\"', 'key', ' #', '--'];

describe('where a quoted scalar opens on a line', () => {
  it('gives the pattern\'s answer on 200,000 random lines of indicators, keys, quotes, escapes and comments', () => {
    const next = random(20261207);
    let opened = 0;
    for (let i = 0; i < 200_000; i++) {
      let line = '';
      const pieces = Math.floor(next() * 16);
      for (let j = 0; j < pieces; j++) line += PIECES[Math.floor(next() * PIECES.length)];
      const expected = byPattern(line);
      if (expected) opened++;
      assert.deepEqual(quoteOpeningScan(line), expected, JSON.stringify(line));
      assert.deepEqual(quoteOpening(line), expected, JSON.stringify(line));
    }
    assert.ok(opened > 10_000, `only ${opened} lines open a quote: the lines say too little`);
  });

  it('gives the pattern\'s answer on lines written to take each of its branches', () => {
    const lines = [
      'key: "value', "key: 'value", '- "item', "- - 'item", '  - key: "v', 'a: b: "c', 'a #b: "c', "'k': \"v", "'k''q' : 'v", "'k'': 'v",
      '"k\\"x": \'v', '"k\\\rx": "v', '- "a: \'b', '- - - - - - x: "y', '- - - - - - "y', '- - - - - - - ', '- - - - - -- "y', '-\t-\t-\t-\t-\t- "q',
      ':: "x', '\ufeffkey: "v', 'key:"v', 'key:\t\t"v', '# key: "v', '- - - - - - #: "x', "- - - - - - 'k'' ': \"v", '- - - - - - "k": \'v',
    ];
    for (const line of lines) {
      assert.deepEqual(quoteOpeningScan(line), byPattern(line), JSON.stringify(line));
      assert.deepEqual(quoteOpening(line), byPattern(line), JSON.stringify(line));
    }
  });

  it('reads a line of 300,000 sequence indicators without backtracking over it', () => {
    // In a child Node stopped after 30 s (test/support/bounded.ts): the pattern's backtracking takes two minutes, the scan half a second.
    const script = [
      "const assert = require('node:assert/strict');",
      "const { quoteOpening } = require('./server/src/service/document/quoteOpening');",
      "const indicators = '- '.repeat(300000);",
      'assert.deepEqual(quoteOpening(`${indicators}key: "value`), { quote: \'"\', bodyStart: indicators.length + 6 });',
      "assert.deepEqual(quoteOpening(`${indicators}'item`), { quote: \"'\", bodyStart: indicators.length + 1 });",
      'assert.equal(quoteOpening(`${indicators}xxxxxxxx`), undefined);',
      'assert.equal(quoteOpening(`${indicators}x#: "y`), undefined);',
      "process.stdout.write('read');",
    ].join('\n');
    assert.equal(runBounded(script), 'read');
  });
});
