// validateJobSpec's managedBy: IsDomainPrefixedPath and the 63-character limit.
import { jobManifest, runCases } from './job-cases';

const managedBy = (value: string, minor?: number) => ({ yaml: jobManifest({ spec: `managedBy: ${JSON.stringify(value)}` }), ...(minor ? { minor } : {}) });
const M = 'job/managed-by';

runCases([
  { name: 'the built-in controller name is accepted', ...managedBy('kubernetes.io/job-controller'), expected: [] },
  { name: 'an external controller name is accepted', ...managedBy('kueue.x-k8s.io/multikueue'), expected: [] },
  { name: 'an empty managedBy is refused', ...managedBy(''), expected: [[`${M}/empty`, 'spec.managedBy']], words: ['kubernetes.io/job-controller'] },
  { name: 'a name without a domain is refused', ...managedBy('my-controller'),
    expected: [[`${M}/not-domain-prefixed-path`, 'spec.managedBy']], words: ['domain-prefixed path'] },
  { name: 'a leading slash leaves the domain empty', ...managedBy('/my-controller'), expected: [[`${M}/not-domain-prefixed-path`, 'spec.managedBy']] },
  { name: 'a trailing slash leaves the path empty', ...managedBy('example.com/'), expected: [[`${M}/not-domain-prefixed-path`, 'spec.managedBy']] },
  { name: 'an upper-case domain is refused', ...managedBy('Example.com/controller'),
    expected: [[`${M}/invalid-domain`, 'spec.managedBy']], words: ['Example.com', 'lower-case'] },
  { name: 'a space in the path is refused', ...managedBy('example.com/my controller'),
    expected: [[`${M}/invalid-path`, 'spec.managedBy']], words: ['my controller', 'no spaces'] },
  { name: 'a bad domain and a bad path are both reported', ...managedBy('EXAMPLE/a b'),
    expected: [[`${M}/invalid-domain`, 'spec.managedBy'], [`${M}/invalid-path`, 'spec.managedBy']] },
  { name: '63 characters are accepted', ...managedBy(`example.com/${'a'.repeat(51)}`), expected: [] },
  { name: '64 characters are refused', ...managedBy(`example.com/${'a'.repeat(52)}`),
    expected: [[`${M}/too-long`, 'spec.managedBy']], words: ['64 characters', 'at most 63'] },
  { name: 'a 1.31 server drops the field (gate off)', ...managedBy('', 31), expected: [] },
  { name: 'a 1.32 server checks it', ...managedBy('', 32), expected: [[`${M}/empty`, 'spec.managedBy']] },
]);
