/**
 * The topic-level configs the simulated broker knows, with Kafka's defaults, and the checks
 * Kafka makes on a topic's name and configs. A subset: enough for the configs people set most.
 */
import { kafkaErrors } from './kafka-admin-error.ts';

export const topicConfigDefaults: Readonly<Record<string, string>> = {
  'cleanup.policy': 'delete',
  'compression.type': 'producer',
  'delete.retention.ms': '86400000',
  'max.message.bytes': '1048588',
  'min.insync.replicas': '1',
  'retention.bytes': '-1',
  'retention.ms': '604800000',
  'segment.bytes': '1073741824',
  'segment.ms': '604800000',
};

const cleanupPolicies = new Set(['delete', 'compact', 'compact,delete', 'delete,compact']);
const compressionTypes = new Set(['producer', 'uncompressed', 'gzip', 'snappy', 'lz4', 'zstd']);
const longConfigs = new Set(['delete.retention.ms', 'retention.bytes', 'retention.ms', 'segment.ms']);
const intConfigs = new Set(['max.message.bytes', 'min.insync.replicas', 'segment.bytes']);

/** Kafka's InvalidConfigurationException wording for a config it does not accept. */
export function checkTopicConfig(name: string, value: string): void {
  if (!(name in topicConfigDefaults)) throw kafkaErrors.invalidConfig(`Unknown topic config name: ${name}`);
  const invalid = () => kafkaErrors.invalidConfig(`Invalid value ${value} for configuration ${name}`);
  if (name === 'cleanup.policy' && !cleanupPolicies.has(value)) throw invalid();
  if (name === 'compression.type' && !compressionTypes.has(value)) throw invalid();
  if ((longConfigs.has(name) || intConfigs.has(name)) && !/^-?\d+$/.test(value)) throw invalid();
}

/** Kafka's `Topic.validate`: 1-249 characters of [a-zA-Z0-9._-], and not "." or "..". */
export function checkTopicName(name: string): void {
  if (name.length === 0) throw kafkaErrors.invalidTopic("Topic name is illegal, it can't be empty");
  if (name === '.' || name === '..') throw kafkaErrors.invalidTopic('Topic name cannot be "." or ".."');
  if (name.length > 249) throw kafkaErrors.invalidTopic(`Topic name is illegal, it can't be longer than 249 characters, topic name: ${name}`);
  if (!/^[a-zA-Z0-9._-]+$/.test(name)) {
    throw kafkaErrors.invalidTopic(`Topic name "${name}" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`);
  }
}
