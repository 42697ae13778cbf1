// A clean Job the LSP and CLI tests edit, open and commit (a migration Job, as users write them).
export const MIGRATE_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: registry.example.com/migrate:1.0
`;
