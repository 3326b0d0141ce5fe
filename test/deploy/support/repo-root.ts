import { join } from 'node:path';
import { repoRoot } from '@repo/test-support';

export { repoRoot };

export const chartDir = (): string => join(repoRoot(), 'docker/helm/ratelimit');
