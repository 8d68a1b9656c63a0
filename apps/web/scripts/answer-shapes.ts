// Prints the shapes of the frame's first answers and remembered state (src/api/answerSchemas.ts)
// as JSON: vite.config.ts and the web tests define __ANSWER_SHAPES__ with it. A child process
// under tsx, because the configs' loader does not read the domain package's TypeScript.
import { answerShapes } from '../src/api/answerSchemas.ts';

process.stdout.write(JSON.stringify(answerShapes()));
