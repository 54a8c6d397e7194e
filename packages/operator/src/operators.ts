/**
 * Every operator this repository runs, in the order `--operators` lists them. The CLI's flag
 * and help, the server's wiring (CRDs, controllers, the console's controller list) and README's
 * operator table are read from here (operators.readme.test.ts keeps README in step).
 *
 * Adding an example: a folder under examples/ whose module `satisfies OperatorModule`, and one
 * line below.
 */
import { applicationOperator } from './examples/application/register-application-operator.ts';
import { fruitOperator } from './examples/fruit/fruit.ts';
import { kafkaTopicOperator } from './examples/kafkatopic/register-kafkatopic-operator.ts';
import { secSynchOperator } from './examples/secsynch/register-secsynch-operator.ts';
import type { OperatorModule } from './operator-module.ts';
import { dojoOperator } from './dojo-operator.ts';

export const operators: readonly OperatorModule[] = [dojoOperator, applicationOperator, secSynchOperator, kafkaTopicOperator, fruitOperator];

export const operatorNames: readonly string[] = operators.map((o) => o.name);
