import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding the workspaces), wherever the process was started. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const fromRoot = (p: string): string => path.resolve(PROJECT_ROOT, p);
