// Shared fixtures of the quick-fix tests.

/** A valid Job in the most common layout (2 spaces, compact lists): fixtures change one thing in it. */
export const VALID_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completions: 3
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: perl:5.34
`;
