/**
 * `charleston-engine/scripts`: the script format (contract §8) read and run: `parseScript`, `parseScriptText`,
 * `runScript`. Kept out of the core entry (`charleston-engine`), which a table does not need. Browser-safe.
 */
export { parseScript, parseScriptText } from '../script/script.js';
export type { Script, ScriptStep, Expectation, RackExpectation } from '../script/script.js';
export { runScript } from '../public.js';
export type { ScriptResult, StepResult, StepFailure, RunOptions } from '../script/run.js';
