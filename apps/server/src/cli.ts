import { runCli } from './cli/run.ts';

/** Entry of `npm run platter -- <command>`; see cli/run.ts for the commands. */
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
