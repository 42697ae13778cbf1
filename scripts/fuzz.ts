// npm run fuzz -- [--count N | --seconds S] [--seed N] [--answer-ms N]: the fuzzer of test/fuzz/fuzz.test.ts for as long as
// you like (default: 10,000 iterations). Prints progress every 1,000 iterations and a summary; exits 1 on a
// failure, with the seed to replay it. --answer-ms raises the 1 s answer limit for a machine busy with other work
// (a late answer there says more about the machine than about the server).
import { fuzz } from '../test/support/fuzz';

const args = process.argv.slice(2);
const option = (name: string): number | undefined => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : Number(args[index + 1]);
};
const seconds = option('--seconds');
const count = option('--count') ?? (seconds === undefined ? 10_000 : undefined);
const seed = option('--seed') ?? Date.now() % 2 ** 31;
const answerWithinMs = option('--answer-ms');

async function main(): Promise<number> {
  console.log(`fuzz: seed ${seed}, ${count !== undefined ? `${count} iterations` : ''}${count !== undefined && seconds !== undefined ? ' or ' : ''}${seconds !== undefined ? `${seconds} s` : ''}${answerWithinMs !== undefined ? `, answers within ${answerWithinMs} ms` : ''}`);
  const report = await fuzz({ seed, count, seconds, answerWithinMs, progress: (message) => console.log(message) });
  console.log(
    `fuzz: ${report.iterations} iterations, ${report.requests} requests, ${report.notifications} notifications in ${report.seconds.toFixed(1)} s; ` +
      `slowest answer ${report.slowestMs.toFixed(0)} ms; ${report.failures.length ? `FAILED (replay with --seed ${seed})` : 'clean'}`,
  );
  for (const failure of report.failures) console.log(`  ${failure}`);
  return report.failures.length ? 1 : 0;
}

main().then((code) => process.exit(code), (error) => {
  console.error(error);
  process.exit(1);
});
