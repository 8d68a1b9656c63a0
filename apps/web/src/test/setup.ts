import { registerAllLanguages } from '../i18n/all.ts';

// The app loads the shown language's chunk before its first render (main.tsx); a unit test
// renders at once and may switch languages, so every language is there from the start.
registerAllLanguages();
