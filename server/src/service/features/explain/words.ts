// Small wording helpers of the explanations.
import { isObject } from '../../kube/defaults';
import type { Json } from '../../types';

/** `420 s (7 min)`, `45 s`, `7200 s (2 h)`, `90061 s (25 h 1 min)`. */
export function durationWords(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 120) return `${whole} s`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.round((whole % 3600) / 60);
  const parts = hours > 0 ? [`${hours} h`, ...(minutes ? [`${minutes} min`] : [])] : [`${Math.round(whole / 60)} min`];
  return `${whole} s (${whole % 60 === 0 || hours > 0 ? '' : 'about '}${parts.join(' ')})`;
}

/** "a", "a and b", "a, b and c" (or "or"). */
export function listWords(words: readonly string[], last = 'and'): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

export const code = (value: Json | string | number | boolean): string => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** "1 Pod", "3 Pods". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function integerOr(value: Json | undefined, fallback: number | null): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

export function stringOr<T extends string | null>(value: Json | undefined, fallback: T): string | T {
  return typeof value === 'string' ? value : fallback;
}

export function objectAt(value: Json | undefined, key: string): { [key: string]: Json } | undefined {
  return isObject(value) && isObject(value[key]) ? (value[key] as { [key: string]: Json }) : undefined;
}
