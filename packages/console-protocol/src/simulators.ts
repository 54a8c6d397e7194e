/**
 * The external systems the running operator modules simulate (`GET /api/simulators`): the
 * Discord API for the Discord operator, a Kafka broker for KafkaTopic. Each is started by its
 * module; the web shows every one on the Simulators page, with its module's panel if it has one.
 */

export interface SimulatorInfo {
  /** Unique among the running simulators (the service slot's name, e.g. "discord"). */
  name: string;
  /** The operator module that started it (its name in packages/operator's registry). */
  module: string;
  /** What a person calls it: "Discord API simulator". */
  label: string;
  /** Where it listens, as the operator is told to reach it. */
  url: string;
  /** One line on how it was configured, when there is something to say (a seed, an external URL). */
  note?: string;
}

export interface SimulatorList {
  simulators: SimulatorInfo[];
}
