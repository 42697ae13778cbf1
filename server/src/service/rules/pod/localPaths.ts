// The path checks of pkg/apis/core/validation that volumes share: validatePathNoBacksteps (no `..`
// element), validateLocalDescendingPath (also relative) and ValidateLocalNonReservedPath (also not
// starting with `..`, which the kubelet keeps for its own `..data` links). The server splits on `/`
// only (filepath.ToSlash is a no-op on Linux), and path.IsAbs means "starts with `/`".

export type LocalPathProblem = 'absolute' | 'backsteps' | 'dot-dot-prefix';

/** The server's detail for each problem, as `kubectl apply` prints it. */
export const LOCAL_PATH_DETAIL: Record<LocalPathProblem, string> = {
  absolute: 'must be a relative path',
  backsteps: "must not contain '..'",
  'dot-dot-prefix': "must not start with '..'",
};

/** validatePathNoBacksteps: one `..` element is enough (the server reports it once). */
export function hasBacksteps(path: string): boolean {
  return path.split('/').includes('..');
}

/** validateLocalDescendingPath: relative, without `..` elements. */
export function localDescendingPathProblems(path: string): LocalPathProblem[] {
  const problems: LocalPathProblem[] = [];
  if (path.startsWith('/')) problems.push('absolute');
  if (hasBacksteps(path)) problems.push('backsteps');
  return problems;
}

/** ValidateLocalNonReservedPath: also not starting with `..` (unless that is already a `../` backstep). */
export function localNonReservedPathProblems(path: string): LocalPathProblem[] {
  const problems = localDescendingPathProblems(path);
  if (path.startsWith('..') && !path.startsWith('../')) problems.push('dot-dot-prefix');
  return problems;
}
