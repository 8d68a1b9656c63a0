import { addErrorMessages } from './messages.ts';
import { ERROR_MESSAGES_RU, MINING_CLIENT_MESSAGES_RU } from './messages.ru.ts';
import { ERROR_MESSAGES_ZH, MINING_CLIENT_MESSAGES_ZH } from './messages.zh.ts';

/**
 * Every language's error texts, registered when the package loads (the server, the tests, the
 * CLI: Node runs every module of the package). A bundle drops this module (package.json
 * `sideEffects: false`, nothing here is read), so the web registers its one language itself.
 */
addErrorMessages('zh', { errors: ERROR_MESSAGES_ZH, mining: MINING_CLIENT_MESSAGES_ZH });
addErrorMessages('ru', { errors: ERROR_MESSAGES_RU, mining: MINING_CLIENT_MESSAGES_RU });
