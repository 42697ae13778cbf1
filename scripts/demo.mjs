// npm run demo: after the build and the package, check the bundled examples and print the findings.
// The examples hold deliberate mistakes, so the CLI's exit status 1 is the expected outcome here.
import { spawnSync } from 'node:child_process';

console.log('\nkubeassist check examples/\n');
const result = spawnSync(process.execPath, ['dist/cli.js', 'check', 'examples/'], { stdio: 'inherit' });
if (result.status === 1) console.log('\nThe errors above are the deliberate mistakes in examples/*-mistakes.yaml; the clean examples get none.');
process.exit(result.status === 0 || result.status === 1 ? 0 : (result.status ?? 1));
