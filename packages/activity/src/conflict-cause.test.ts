import { describe, expect, it } from 'vitest';
import { observeActivity } from './testing/observed-activity.ts';
import { dojos, kubectl, operator } from './testing/simulated-journal.ts';

const consoleUi = { user: 'admin', userAgent: 'dojo-console' };

describe('what a 409 was about', () => {
  it('records a stale resourceVersion as a race, with the version and the writer that won', () => {
    const { journal, conflicts } = observeActivity();
    const stale = journal.write(kubectl, dojos, 'default', 'alpha', { verb: 'create' });
    journal.write(kubectl, dojos, 'default', 'alpha', { changedPaths: ['spec.replicas'], fieldManager: 'kubectl-patch' });
    journal.conflict(kubectl, dojos, 'default', 'alpha', stale);
    expect(conflicts()).toEqual([
      expect.objectContaining({ cause: { kind: 'resourceVersion' }, staleRV: stale, currentRV: '1002', currentManager: 'kubectl-patch' }),
    ]);
  });

  it('records a server-side apply refused over fields other managers own as a field-manager conflict, with no winner', () => {
    const { journal, conflicts } = observeActivity();
    journal.write(kubectl, dojos, 'default', 'alpha', { verb: 'create' });
    journal.write(kubectl, dojos, 'default', 'alpha', { changedPaths: ['spec.replicas'], fieldManager: 'kubectl-patch' });
    journal.applyConflict(operator('scaler'), dojos, 'default', 'alpha', {
      fieldManager: 'scaler',
      fieldManagers: [{ field: '.spec.replicas', manager: 'kubectl-patch' }],
    });
    const [conflict] = conflicts();
    expect(conflict).toMatchObject({ controller: 'scaler', cause: { kind: 'fieldManager', fields: [{ field: '.spec.replicas', manager: 'kubectl-patch' }] } });
    expect(conflict).not.toHaveProperty('staleRV');
    expect(conflict).not.toHaveProperty('currentRV');
    expect(conflict).not.toHaveProperty('currentManager');
  });

  it('knows an apply without a resourceVersion can only conflict over fields, even when the journal does not name their managers', () => {
    const { journal, conflicts } = observeActivity();
    journal.write(kubectl, dojos, 'default', 'alpha', { verb: 'create' });
    journal.applyConflict(kubectl, dojos, 'default', 'alpha', { fieldManager: 'kubectl' });
    expect(conflicts()).toEqual([expect.objectContaining({ cause: { kind: 'fieldManager', fields: [] } })]);
  });

  it("records nothing for a dry run's 409: the preview changed nothing and conflicted with nothing", () => {
    const { journal, conflicts, activity } = observeActivity();
    journal.write(kubectl, dojos, 'default', 'alpha', { verb: 'create' });
    journal.write(kubectl, dojos, 'default', 'alpha', { changedPaths: ['spec.replicas'], fieldManager: 'kubectl-patch' });
    journal.applyConflict(consoleUi, dojos, 'default', 'alpha', {
      fieldManager: 'dojo-console',
      dryRun: true,
      fieldManagers: [{ field: '.spec.replicas', manager: 'kubectl-patch' }],
    });
    expect(conflicts()).toEqual([]);
    expect(activity.snapshot().clients.find((c) => c.name === 'dojo-console')).toBeDefined();
  });
});
