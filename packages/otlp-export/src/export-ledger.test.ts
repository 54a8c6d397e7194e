import { ExportResultCode } from '@opentelemetry/core';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ExportLedger } from './export-ledger.ts';

const ledger = (capacity = 10) => {
  const log: string[] = [];
  return { log, ledger: new ExportLedger({ capacity, registry: new Registry(), log: (line) => log.push(line), target: 'http://c/v1/traces' }) };
};

describe('the export ledger', () => {
  it('admits spans up to its capacity and refuses a batch that would pass it, whole', () => {
    const { ledger: l } = ledger(5);
    expect(l.admit(3)).toBe(true);
    expect(l.admit(3)).toBe(false);
    expect(l.admit(2)).toBe(true);
    expect(l.stats).toEqual({ exported: 0, dropped: 3, pending: 5 });
  });

  it('frees room as batches settle, counting what left and what failed', () => {
    const { ledger: l } = ledger(5);
    l.admit(5);
    l.settled(2, { code: ExportResultCode.SUCCESS });
    l.settled(3, { code: ExportResultCode.FAILED, error: new Error('503') });
    expect(l.stats).toEqual({ exported: 2, dropped: 3, pending: 0 });
    expect(l.admit(5)).toBe(true);
  });

  it('says it is dropping once per outage, and once that it works again', () => {
    const { ledger: l, log } = ledger(4);
    l.admit(4);
    l.settled(2, { code: ExportResultCode.FAILED, error: new Error('connect ECONNREFUSED') });
    l.admit(5);
    l.settled(2, { code: ExportResultCode.FAILED });
    expect(log).toEqual([
      'otlp: dropping reconcile spans for http://c/v1/traces (export_failed: connect ECONNREFUSED); counted in dojo_console_otlp_spans_dropped_total, said once until an export succeeds',
    ]);
    l.admit(1);
    l.settled(1, { code: ExportResultCode.SUCCESS });
    expect(log[1]).toBe('otlp: exporting reconcile spans to http://c/v1/traces works again; 9 spans were dropped meanwhile');
  });

  it('counts what is pending at shutdown once, and ignores answers that come after', () => {
    const { ledger: l } = ledger();
    l.admit(3);
    l.abandon();
    l.settled(3, { code: ExportResultCode.FAILED });
    expect(l.stats).toEqual({ exported: 0, dropped: 3, pending: 0 });
  });
});
