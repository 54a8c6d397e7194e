/** The dispatcher from a field's kind to its input. */
import type { FormField } from '../../model/form-schema.ts';
import { Fieldset } from './Fieldset.tsx';
import { ReferencePicker } from './ReferencePicker.tsx';
import { KeyValueInput } from './KeyValueInput.tsx';
import { BooleanSelect, EnumSelect, NumberInput, NumberOrStringInput, StringInput } from './ScalarInputs.tsx';
import { ListInput, YamlInput } from './TextBlockInputs.tsx';

export function FieldView({ field, depth = 0 }: { field: FormField; depth?: number }) {
  switch (field.kind) {
    case 'string':
      return <StringInput field={field} />;
    case 'integer':
    case 'number':
      return <NumberInput field={field} />;
    case 'enum':
      return <EnumSelect field={field} />;
    case 'boolean':
      return <BooleanSelect field={field} />;
    case 'intOrString':
    case 'quantity':
      return <NumberOrStringInput field={field} />;
    case 'map':
      return <KeyValueInput field={field} />;
    case 'list':
      return <ListInput field={field} />;
    case 'yaml':
      return <YamlInput field={field} />;
    case 'reference':
      return <ReferencePicker field={field} depth={depth} renderField={(child) => <FieldView key={child.id} field={child} depth={depth + 1} />} />;
    case 'object':
      return (
        <Fieldset field={field} depth={depth}>
          {() => field.fields.map((child) => <FieldView key={child.id} field={child} depth={depth + 1} />)}
        </Fieldset>
      );
  }
}
