// The test runner's reporter: Node's spec output, with a summary that counts what did not run. Node counts
// a skipped `describe` group as nothing, so a clone without ../shared said "skipped 2" while whole groups
// were left out. Here every skipped test or group counts, and the summary ends with one line per skip:
// `skipped: real-world corpus (../shared/corpus/real not found)`.
import { Readable } from 'node:stream';
import { spec as Spec } from 'node:test/reporters';

export default async function* reporter(source) {
  const skipped = [];
  async function* events() {
    for await (const event of source) {
      if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.skip !== undefined) skipped.push(event.data);
      if (event.type === 'test:diagnostic' && /^skipped \d+$/.test(event.data.message)) {
        yield { ...event, data: { ...event.data, message: `skipped ${skipped.length}` } };
      } else {
        yield event;
      }
    }
  }
  for await (const chunk of Readable.from(events()).pipe(new Spec())) yield chunk;
  for (const test of skipped) yield `skipped: ${typeof test.skip === 'string' && test.skip ? test.skip : test.name}\n`;
}
