/** Test and benchmark fixtures for the explainer: hand-made controller states and informers fed by a script. */
export { queueState } from './explain-fixtures.ts';
export { scriptedInformer, type ScriptedInformer } from './scripted-informer.ts';
