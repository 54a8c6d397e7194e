/**
 * Encoding a resource's answer as negotiated: the object itself (JSON, or protobuf for kinds
 * that have a message), a Table (JSON), or PartialObjectMetadata (JSON or protobuf); lists alike.
 */
import type { ServerResponse } from 'node:http';
import { type KubeList, type KubeObject, toTable, type IncludeObject } from '@dojo/kube-api';
import { listForWire } from '../registry/list-wire-form.ts';
import { storedItemJson, storedListEnvelope, type StoredList } from '../registry/list.ts';
import { jsonListParts, writeJsonList } from './list-stream.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';
import { contentTypeOf, type Rendering } from './negotiation.ts';
import { writeJson, writeObject, writeRawJson } from './responses.ts';
import { asPartialObjectMetadata, asPartialObjectMetadataList } from './metadata-only.ts';

const includeObjectOf = (query: URLSearchParams): IncludeObject => (query.get('includeObject') ?? 'Metadata') as IncludeObject;

/** One object; `json` is its stored JSON when that is already its wire form. */
export function renderObject(
  res: ServerResponse,
  code: number,
  info: ResourceInfo,
  rendering: Rendering,
  query: URLSearchParams,
  obj: KubeObject,
  json?: string,
): void {
  if (rendering.as === 'Table') {
    const table = toTable(info, [obj], { version: rendering.version, includeObject: includeObjectOf(query), withColumns: true });
    writeJson(res, code, table, contentTypeOf(rendering));
  } else if (rendering.as === 'PartialObjectMetadata') {
    writeObject(res, code, asPartialObjectMetadata(info, obj, rendering), rendering.media, contentTypeOf(rendering));
  } else if (json !== undefined && rendering.media === 'json') writeRawJson(res, code, json);
  else writeObject(res, code, obj, rendering.media);
}

/** A list of a kind whose stored JSON is its wire form, as stored (neither parsed nor re-encoded). */
export function renderStoredList(res: ServerResponse, info: ResourceInfo, list: StoredList): Promise<void> {
  return writeJsonList(res, jsonListParts(storedListEnvelope(info, list), list.items, storedItemJson(info)));
}

export async function renderList(res: ServerResponse, info: ResourceInfo, rendering: Rendering, query: URLSearchParams, list: KubeList): Promise<void> {
  if (rendering.as === 'Table') {
    const table = toTable(info, list.items, { version: rendering.version, includeObject: includeObjectOf(query), listMeta: list.metadata, withColumns: true });
    writeJson(res, 200, table, contentTypeOf(rendering));
  } else if (rendering.as === 'PartialObjectMetadata') {
    writeObject(res, 200, asPartialObjectMetadataList(info, list, rendering), rendering.media, contentTypeOf(rendering));
  } else if (rendering.media === 'protobuf') writeObject(res, 200, list, rendering.media);
  else {
    // JSON: streamed item by item when large (list-stream.ts).
    const { items, ...envelope } = listForWire(info, list);
    await writeJsonList(
      res,
      jsonListParts(envelope, items, (item) => JSON.stringify(item)),
    );
  }
}
