import { readShape, type Shape, type ShapeResult } from '../lib/shape.ts';
import type { AnswerName, AnswerValue } from './answerSchemas.ts';

/** The shapes of the frame's first answers and remembered state, derived by the build from their schemas (api/answerSchemas.ts). */
declare const __ANSWER_SHAPES__: Record<AnswerName, Shape>;

/** An answer (or the remembered state) read against its schema's shape. */
export function readAnswer<K extends AnswerName>(name: K, value: unknown): ShapeResult<AnswerValue<K>> {
  return readShape<AnswerValue<K>>(__ANSWER_SHAPES__[name], value);
}
