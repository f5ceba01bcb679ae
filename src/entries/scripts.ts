/**
 * `charleston-engine/scripts`: the script format (docs/scripts.md) read and run: `parseScript`, `parseScriptText`,
 * `runScript`, and `matchesPath` (how `expect.state` matches a state value). Kept out of the core entry (`charleston-engine`), which a table does not need. Browser-safe.
 */
export { parseScript, parseScriptText } from '../script/script.js';
export type { Script, ScriptStep, Expectation, RackExpectation } from '../script/script.js';
export { runScript, matchesPath } from '../public.js';
export type { ScriptResult, StepResult, StepFailure, RunOptions } from '../script/run.js';
