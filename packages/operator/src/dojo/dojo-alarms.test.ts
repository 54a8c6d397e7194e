import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition } from '@dojo/kube-api';
import type { DojoAlarm } from '../api/dojo.ts';
import { testDojo } from '../testing/dojo-objects.ts';
import { alarmContent, alarmMarker, alarmNonce, alarmTransitions, nextAlarms, pendingAlarm } from './dojo-alarms.ts';

const time = '2026-03-01T10:00:00Z';
const c = (type: string, status: 'True' | 'False', reason = 'R'): Condition => ({
  type,
  status,
  reason,
  message: `${type} is ${status}`,
  lastTransitionTime: time,
});
const healthy = [c('Available', 'True'), c('Progressing', 'False'), c('Degraded', 'False')];
const alarmsTo = { alarms: { channelRef: { name: 'alerts' } } };

describe('Dojo alarms', () => {
  it('raise one Pending alarm on a transition into Degraded when a channel is configured', () => {
    const dojo = testDojo(alarmsTo, { conditions: healthy });
    const alarms = nextAlarms(dojo, [c('Available', 'True'), c('Progressing', 'False', 'CrashLoopBackOff'), c('Degraded', 'True', 'CrashLoopBackOff')], time);
    expect(alarms).toMatchObject({
      lastId: 1,
      history: [
        { id: 1, state: 'Pending', conditions: ['Degraded=True'], reason: 'CrashLoopBackOff', raisedAt: time, channel: { name: 'alerts', namespace: 'ns' } },
      ],
    });
    expect(alarms?.history?.[0]?.nonce).toBe(alarmNonce('uid-1', 1));
  });

  it('raise one alarm, not two, when Degraded and Available change in the same write', () => {
    const dojo = testDojo(alarmsTo, { conditions: healthy });
    const alarms = nextAlarms(dojo, [c('Available', 'False'), c('Progressing', 'False'), c('Degraded', 'True', 'CrashLoopBackOff')], time);
    expect(alarms?.history).toHaveLength(1);
    expect(alarms?.history?.[0]).toMatchObject({ conditions: ['Available=False', 'Degraded=True'], reason: 'CrashLoopBackOff' });
  });

  it('raise nothing for a Dojo that was never Available, is scaled to zero on purpose, or stays Degraded', () => {
    expect(alarmTransitions(undefined, [c('Available', 'False')])).toEqual([]);
    expect(alarmTransitions(healthy, [c('Available', 'False', 'ScaledToZero')])).toEqual([]);
    expect(alarmTransitions([c('Degraded', 'True')], [c('Degraded', 'True', 'Other')])).toEqual([]);
    expect(alarmTransitions(undefined, [c('Degraded', 'True')])).toHaveLength(1);
  });

  it('raise nothing without a channel, and drop Pending alarms when the channel is removed', () => {
    expect(nextAlarms(testDojo({}, { conditions: healthy }), [c('Degraded', 'True')], time)).toBeUndefined();
    const pending: DojoAlarm = { id: 3, state: 'Pending', reason: 'R', message: 'm', raisedAt: time };
    const alarms = nextAlarms(testDojo({}, { alarms: { lastId: 3, history: [pending] } }), healthy, time);
    expect(alarms).toEqual({ lastId: 3, history: [{ ...pending, state: 'Dropped', droppedReason: 'spec.alarms.channelRef was removed' }] });
  });

  it('keep every Pending alarm when the history is trimmed, oldest first', () => {
    const history: DojoAlarm[] = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      state: i < 2 ? 'Pending' : 'Sent',
      reason: 'R',
      message: 'm',
      raisedAt: time,
    }));
    const dojo = testDojo(alarmsTo, { conditions: healthy, alarms: { lastId: 10, history } });
    const alarms = nextAlarms(dojo, [c('Degraded', 'True')], time);
    expect(alarms?.history?.map((a) => a.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pendingAlarm({ alarms })?.id).toBe(1);
  });

  it('derive nonces that fit Discord (25 characters), are stable, and differ per Dojo and per alarm', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 1, max: 1e9 }), (a, b, id) => {
        expect(alarmNonce(a, id)).toHaveLength(25);
        expect(alarmNonce(a, id)).toBe(alarmNonce(a, id));
        expect(alarmNonce(a, id)).not.toBe(alarmNonce(a, id + 1));
        if (a !== b) expect(alarmNonce(a, id)).not.toBe(alarmNonce(b, id));
      }),
    );
  });

  it('write a message that names the Dojo and carries the marker the look-back searches for', () => {
    const dojo = testDojo();
    const alarm: DojoAlarm = {
      id: 1,
      state: 'Pending',
      conditions: ['Degraded=True'],
      reason: 'CrashLoopBackOff',
      message: 'x'.repeat(5000),
      raisedAt: time,
      nonce: alarmNonce('uid-1', 1),
    };
    const content = alarmContent(dojo, alarm);
    expect(content).toContain('ns/dojo');
    expect(content).toContain('is Degraded: CrashLoopBackOff');
    expect(content.endsWith(alarmMarker(alarm))).toBe(true);
    expect(content.length).toBeLessThanOrEqual(2000);
  });
});
