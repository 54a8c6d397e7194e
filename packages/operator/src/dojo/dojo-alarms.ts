/**
 * Alarms: when a Dojo with `spec.alarms.channelRef` becomes Degraded or stops being Available,
 * exactly one message goes to that Discord channel per transition — across restarts, 409s and
 * lost responses. The crash windows, and the choice made for each:
 *
 *  1. Raise. The status write that records the transition also records the alarm as Pending
 *     (id = ++lastId). It is one write: the transition can never be stored without its alarm,
 *     and a 409 loses both together (the next pass computes both again, with the same id).
 *  2. Post. A later pass posts the oldest Pending alarm with nonce = H(Dojo uid, alarm id) and
 *     `enforce_nonce: true`. Any retry — after a crash before step 3, a 5xx that hid a message
 *     that was in fact created, a 409 on step 3, a stale cache — sends the same nonce, and
 *     Discord answers with the message it already has instead of posting a copy.
 *  3. Mark Sent, with the message id: one status write.
 *
 * Discord remembers nonces for a few minutes only. A Pending alarm older than that window (the
 * operator was down between 2 and 3 for longer) is first looked up among the channel's recent
 * messages by its marker line, which carries the nonce; only if it is not there is it posted.
 *
 * Marking "sent" before posting would turn a crash in between into a lost alarm; posting
 * without a durable Pending record would lose or repeat it. Pending + nonce + marker is exactly once.
 * Scaling to zero on purpose is not an outage: Available=False with reason ScaledToZero raises none.
 */
import { createHash } from 'node:crypto';
import type { Condition } from '@dojo/kube-api';
import type { Dojo, DojoAlarm, DojoAlarmStatus, DojoStatus } from '../api/dojo.ts';

const maxHistory = 10;
const maxContentLength = 1900;

/** The transitions in `after` that call for an alarm, compared with the Dojo's stored conditions. */
export function alarmTransitions(before: readonly Condition[] | undefined, after: readonly Condition[]): Condition[] {
  const was = (type: string): string | undefined => before?.find((c) => c.type === type)?.status;
  const out: Condition[] = [];
  for (const condition of after) {
    if (condition.type === 'Degraded' && condition.status === 'True' && was('Degraded') !== 'True') out.push(condition);
    if (condition.type === 'Available' && condition.status === 'False' && was('Available') === 'True' && condition.reason !== 'ScaledToZero')
      out.push(condition);
  }
  return out;
}

/**
 * `status.alarms` after a status change to `conditions`: a new Pending alarm for the
 * transitions (if alarms are configured), Pending alarms dropped if alarms were turned off, and
 * history trimmed. Undefined when the Dojo never had alarms and gets none now.
 */
export function nextAlarms(dojo: Dojo, conditions: readonly Condition[], time: string): DojoAlarmStatus | undefined {
  const current = dojo.status?.alarms;
  const channelRef = dojo.spec.alarms?.channelRef;
  let history = (current?.history ?? []).map((alarm) =>
    alarm.state === 'Pending' && !channelRef ? { ...alarm, state: 'Dropped' as const, droppedReason: 'spec.alarms.channelRef was removed' } : alarm,
  );
  let lastId = current?.lastId ?? 0;
  const transitions = alarmTransitions(dojo.status?.conditions, conditions);
  if (channelRef && transitions.length > 0) {
    const id = ++lastId;
    const cause = transitions.find((c) => c.type === 'Degraded') ?? transitions[0]!;
    history.push({
      id,
      state: 'Pending',
      conditions: transitions.map((c) => `${c.type}=${c.status}`),
      reason: cause.reason,
      message: cause.message.slice(0, 2000),
      raisedAt: time,
      nonce: alarmNonce(dojo.metadata.uid ?? '', id),
      channel: { name: channelRef.name, namespace: channelRef.namespace ?? dojo.metadata.namespace },
    });
  }
  history = trimmed(history);
  if (!current && history.length === 0) return undefined;
  return { lastId, history };
}

/** Keeps every Pending alarm and the most recent others, up to the history size. */
function trimmed(history: DojoAlarm[]): DojoAlarm[] {
  const out = [...history];
  while (out.length > maxHistory) {
    const oldestDone = out.findIndex((a) => a.state !== 'Pending');
    out.splice(oldestDone >= 0 ? oldestDone : 0, 1);
  }
  return out;
}

/** Discord nonces are at most 25 characters; the same Dojo and alarm always give the same one. */
export function alarmNonce(uid: string, id: number): string {
  return createHash('sha256').update(`${uid}/alarm/${id}`).digest('hex').slice(0, 25);
}

/** The line that identifies an alarm's message in the channel, for the look-back after a long outage. */
export function alarmMarker(alarm: DojoAlarm): string {
  return `alarm-ref: ${alarm.nonce ?? alarm.id}`;
}

export function alarmContent(dojo: Dojo, alarm: DojoAlarm): string {
  const what = (alarm.conditions ?? []).map((c) => (c === 'Available=False' ? 'not Available' : c === 'Degraded=True' ? 'Degraded' : c)).join(' and ');
  const head = `🚨 Dojo ${dojo.metadata.namespace}/${dojo.metadata.name} ("${dojo.spec.title}") is ${what || 'alarming'}: ${alarm.reason}`;
  const body = alarm.message.slice(0, maxContentLength - head.length - 80);
  return `${head}\n${body}\n${alarmMarker(alarm)}`;
}

/** The alarm to post next: the oldest Pending one. */
export function pendingAlarm(status: DojoStatus | undefined): DojoAlarm | undefined {
  return status?.alarms?.history?.find((a) => a.state === 'Pending');
}

/** The status with one alarm changed (marked Sent or Dropped). */
export function withAlarm(status: DojoStatus, id: number, change: Partial<DojoAlarm>): DojoStatus {
  const alarms = status.alarms ?? {};
  return { ...status, alarms: { ...alarms, history: (alarms.history ?? []).map((a) => (a.id === id ? { ...a, ...change } : a)) } };
}
