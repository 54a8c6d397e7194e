/**
 * `GET /api/simulators`: what the selected operator modules started beside the cluster (the
 * Discord simulator, the Kafka broker simulator), in the order they started. A simulator with
 * `controls` answers `GET /api/simulators/NAME/state`, `GET` and `PUT /api/simulators/NAME/faults`.
 */
export interface SimulatorSummary {
  /** Its service slot's name, the NAME of its paths: "discord", "kafka-broker". */
  readonly name: string;
  /** The operator module that started it (`--operators`). */
  readonly module: string;
  /** What the console calls it on start: "Discord", "Kafka". */
  readonly label: string;
  readonly url: string;
  readonly note?: string;
  readonly controls: boolean;
}

export interface SimulatorList {
  readonly simulators: readonly SimulatorSummary[];
}

/** `GET /api/operators`: the operator modules this console runs, with their own settings' flags. */
export interface OperatorSummary {
  readonly name: string;
  readonly seed: string;
  /** One line of Markdown. */
  readonly description: string;
  readonly docs?: string;
  readonly options: readonly { readonly flag: string; readonly value?: string; readonly help: string; readonly default?: string }[];
}

export interface OperatorList {
  readonly operators: readonly OperatorSummary[];
}
