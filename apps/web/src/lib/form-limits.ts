import type { z } from 'zod';

/** Input attributes a person can see before submitting: the schema's own bounds. */
export interface FieldLimits {
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  step?: number;
}

type AnySchema = z.ZodType;

interface Introspectable {
  _zod: {
    def: {
      type: string;
      innerType?: AnySchema;
      in?: AnySchema;
      out?: AnySchema;
      shape?: Record<string, AnySchema>;
    };
  };
  maxLength?: number | null;
  minLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  shape?: Record<string, AnySchema>;
}

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);

/** The schemas a value passes through: wrappers are peeled, both sides of a pipe are kept. */
function layers(schema: AnySchema | undefined, depth = 0): Introspectable[] {
  if (!schema || depth > 8) return [];
  const s = schema as unknown as Introspectable;
  const def = s._zod.def;
  if (WRAPPERS.has(def.type)) return layers(def.innerType, depth + 1);
  if (def.type === 'pipe') return [...layers(def.in, depth + 1), ...layers(def.out, depth + 1)];
  return [s];
}

function child(schema: AnySchema | undefined, key: string): AnySchema | undefined {
  for (const layer of layers(schema)) {
    const shape = layer._zod.def.shape ?? layer.shape;
    if (layer._zod.def.type === 'object' && shape && key in shape) return shape[key];
  }
  return undefined;
}

const finite = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER
    ? value
    : undefined;

/** maxLength / min / max / step of a (dotted) field of an object schema; {} when unknown. */
export function schemaLimits(schema: AnySchema | undefined, name: string): FieldLimits {
  let field: AnySchema | undefined = schema;
  for (const key of name.split('.')) field = child(field, key);
  const limits: FieldLimits = {};
  for (const layer of layers(field)) {
    const type = layer._zod.def.type;
    if (type === 'string') {
      limits.maxLength ??= finite(layer.maxLength);
      limits.minLength ??= finite(layer.minLength) || undefined;
    } else if (type === 'number') {
      limits.min ??= finite(layer.minValue);
      limits.max ??= finite(layer.maxValue);
      if (layer.isInt) limits.step ??= 1;
    }
  }
  for (const key of Object.keys(limits) as Array<keyof FieldLimits>)
    if (limits[key] === undefined) delete limits[key];
  return limits;
}
