// Shared fixtures of the quick-fix tests.

/** A valid CronJob in the same layout. */
export const VALID_CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: main
            image: busybox:1.36
`;

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
