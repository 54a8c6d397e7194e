/**
 * /openapi/v2: a Swagger 2.0 document with no paths and no definitions, as gnostic protobuf
 * (what client-go asks for) or JSON. kubectl 1.27 and 1.28 fetch it before `apply` and `diff`
 * and fail without it; with no definition for a kind they patch with their compiled-in types
 * and skip client-side validation, as they do for kinds a real server leaves out. The schemas
 * themselves are served as OpenAPI v3 (`kubectl explain`, kubectl >= 1.27).
 */
import type { MessageTable } from './protobuf/message-table.ts';
import { JsonCodec } from './protobuf/json-codec.ts';
import { WireSchema } from './protobuf/wire-schema.ts';
import { openApiVersion } from './version.ts';

/** The two gnostic openapi_v2 messages the document uses (google/gnostic-models, OpenAPIv2.proto). */
const gnosticMessages = {
  'openapi.v2.Document': { swagger: '1 string', info: '2 openapi.v2.Info' },
  'openapi.v2.Info': { title: '1 string', version: '2 string' },
} as const satisfies MessageTable;

export const openApiV2ProtobufMediaType = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
const protobufContentType = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

export const openApiV2Document = { swagger: '2.0', info: { title: 'Kubernetes', version: openApiVersion }, paths: {}, definitions: {} };

let encoded: Buffer | undefined;

/** The document in the form the Accept header asks for. */
export function openApiV2Body(accept: string | undefined): { contentType: string; body: Buffer | string } {
  const wantsProtobuf = (accept ?? '').split(',').some((clause) => {
    const media = clause.split(';')[0]!.trim();
    return media === openApiV2ProtobufMediaType || media === protobufContentType;
  });
  if (!wantsProtobuf) return { contentType: 'application/json', body: JSON.stringify(openApiV2Document) };
  if (!encoded) {
    const schema = new WireSchema([gnosticMessages]);
    const wire = new JsonCodec(schema).toWire('openapi.v2.Document', openApiV2Document) as object;
    encoded = Buffer.from(schema.type('openapi.v2.Document').encode(wire).finish());
  }
  return { contentType: protobufContentType, body: encoded };
}
