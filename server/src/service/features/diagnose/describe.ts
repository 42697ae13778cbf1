// The one place where a text that is neither YAML nor JSON objects is handed to the `kubectl describe` reader
// (service/diagnose/describe, parseDescribe: Kubernetes-shaped objects built from describe's text, and what it
// could not read in sentences).
import { parseDescribe } from '../../diagnose/describe/index';

export interface DescribeReading {
  objects: unknown[];
  notes: string[];
}

/** The objects `kubectl describe job|cronjob|pod` text shows, or undefined when the text is not describe output. */
export function readDescribe(text: string): DescribeReading | undefined {
  try {
    return parseDescribe(text);
  } catch {
    return undefined;
  }
}
