import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface SourceFile {
  /** The path under `root`, with forward slashes. */
  name: string;
  text: string;
}

/** The `.ts` files under `dirs` of `root` (tests left out, and any whose file name `skip` picks), for the static checks. */
export function readSources(root: string, dirs: readonly string[] = ['.'], skip: (fileName: string) => boolean = () => false): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !skip(entry.name) ? [path] : [];
    });
  return dirs.flatMap((dir) => walk(join(root, dir))).map((path) => ({ name: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));
}

/**
 * A static check with its listed exceptions: the files that match `pattern` outside the list,
 * and the listed ones that no longer match (an exception that is gone leaves the list).
 */
export function checkListed(files: readonly SourceFile[], pattern: RegExp, listed: Readonly<Record<string, string>>): { offending: string[]; stale: string[] } {
  const present = new Map(files.map((f) => [f.name, f.text]));
  return {
    offending: files.filter((f) => !(f.name in listed) && pattern.test(f.text)).map((f) => f.name),
    stale: Object.keys(listed).filter((name) => !pattern.test(present.get(name) ?? '')),
  };
}
